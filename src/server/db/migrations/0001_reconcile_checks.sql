ALTER TABLE "payment_orders" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "check_after" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_orders_unpaid_check_idx" ON "payment_orders" USING btree ("check_after") WHERE "payment_orders"."status" <> 'paid' and "payment_orders"."test_mode" = false;