DROP INDEX "clients_user_name_idx";--> statement-breakpoint
DROP INDEX "invoices_user_date_idx";--> statement-breakpoint
DROP INDEX "products_user_name_idx";--> statement-breakpoint
CREATE INDEX "clients_user_name_idx" ON "clients" USING btree ("user_id",lower("name"),"id","name");--> statement-breakpoint
CREATE INDEX "invoices_user_date_idx" ON "invoices" USING btree ("user_id","invoice_date","created_at","id");--> statement-breakpoint
CREATE INDEX "products_user_name_idx" ON "product_services" USING btree ("user_id",lower("name"),"id","name");