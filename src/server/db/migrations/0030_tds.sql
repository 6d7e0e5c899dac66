ALTER TABLE "invoice_payments" ADD COLUMN "tds_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "tds_section" text;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "tds_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "tds_seen_in_26as" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "invoice_payments_tds_open_idx" ON "invoice_payments" USING btree ("business_id") WHERE "invoice_payments"."tds_minor" > 0 and not "invoice_payments"."tds_seen_in_26as";--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_tds_not_negative" CHECK ("invoice_payments"."tds_minor" >= 0);