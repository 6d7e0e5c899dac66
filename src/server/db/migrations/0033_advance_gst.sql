ALTER TABLE "client_advances" ADD COLUMN "gst_rate_percent" integer;--> statement-breakpoint
ALTER TABLE "client_advances" ADD COLUMN "place_of_supply" text;--> statement-breakpoint
ALTER TABLE "client_advances" ADD COLUMN "tax_split" text;--> statement-breakpoint
ALTER TABLE "client_advances" ADD COLUMN "voucher_number" text;--> statement-breakpoint
CREATE INDEX "client_advances_gst_idx" ON "client_advances" USING btree ("business_id","received_on") WHERE "client_advances"."gst_rate_percent" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "client_advances_voucher_uq" ON "client_advances" USING btree ("business_id","voucher_number");--> statement-breakpoint
ALTER TABLE "client_advances" ADD CONSTRAINT "client_advances_gst_whole" CHECK (("client_advances"."gst_rate_percent" is null) = ("client_advances"."place_of_supply" is null) and ("client_advances"."gst_rate_percent" is null) = ("client_advances"."tax_split" is null));