-- Delivery challans and proforma invoices live beside quotes (decision 0061): a kind per row, the
-- series per kind in document_sequences (0018). Every existing row stays a quote, numbers unchanged.
DROP INDEX "quotes_user_number_uq";--> statement-breakpoint
DROP INDEX "quotes_user_date_idx";--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "kind" text DEFAULT 'quote' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "challan_reason" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "consignee" jsonb;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_user_number_uq" ON "quotes" USING btree ("user_id","kind","quote_number");--> statement-breakpoint
CREATE INDEX "quotes_user_date_idx" ON "quotes" USING btree ("user_id","kind","quote_date","created_at","id");