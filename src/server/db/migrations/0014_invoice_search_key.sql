DROP INDEX "invoices_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "search_key" text GENERATED ALWAYS AS (lower("invoices"."client_name" || chr(10) || "invoices"."invoice_number")) STORED;--> statement-breakpoint
CREATE INDEX "invoices_search_key_trgm_idx" ON "invoices" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
-- The list's default order carries the search key instead of the client's name and the number, so a
-- search walks the index alone and tests one lower-cased string per invoice (decision 0038). Drizzle's
-- schema cannot spell INCLUDE, so this lives here only.
DROP INDEX "invoices_user_date_idx";--> statement-breakpoint
CREATE INDEX "invoices_user_date_idx" ON "invoices" USING btree ("user_id","invoice_date","created_at","id") INCLUDE ("status","due_date","search_key");
