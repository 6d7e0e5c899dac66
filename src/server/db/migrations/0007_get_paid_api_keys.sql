CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"scope" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "business_gateways" (
	"user_id" text PRIMARY KEY NOT NULL,
	"key_id" text,
	"key_secret_sealed" text,
	"key_secret_last4" text,
	"webhook_secret_sealed" text,
	"webhook_token" text NOT NULL,
	"test_mode" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_gateways_webhook_token_unique" UNIQUE("webhook_token")
);
--> statement-breakpoint
CREATE TABLE "invoice_events" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_gateway_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"provider_order_id" text NOT NULL,
	"provider_payment_id" text,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"test_mode" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"check_after" timestamp with time zone,
	CONSTRAINT "invoice_gateway_orders_provider_order_id_unique" UNIQUE("provider_order_id"),
	CONSTRAINT "invoice_gateway_orders_provider_payment_id_unique" UNIQUE("provider_payment_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_external_id_unique" UNIQUE("external_id"),
	CONSTRAINT "invoice_payments_amount_positive" CHECK ("invoice_payments"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"invoice_id" text NOT NULL,
	"point" date NOT NULL,
	"user_id" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_invoice_id_point_pk" PRIMARY KEY("invoice_id","point")
);
--> statement-breakpoint
CREATE TABLE "payment_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"utr" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"days_before" integer DEFAULT 3 NOT NULL,
	"on_due_date" boolean DEFAULT true NOT NULL,
	"every_days_after" integer DEFAULT 7 NOT NULL,
	"max_reminders" integer DEFAULT 4 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_month_totals" ADD COLUMN "paid_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "amount_paid_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "public_token" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "public_views" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "public_first_viewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reminders_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_gateways" ADD CONSTRAINT "business_gateways_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_events" ADD CONSTRAINT "invoice_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_events" ADD CONSTRAINT "invoice_events_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_gateway_orders" ADD CONSTRAINT "invoice_gateway_orders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_gateway_orders" ADD CONSTRAINT "invoice_gateway_orders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_events_invoice_idx" ON "invoice_events" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_gateway_orders_invoice_idx" ON "invoice_gateway_orders" USING btree ("user_id","invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_gateway_orders_unpaid_idx" ON "invoice_gateway_orders" USING btree ("check_after") WHERE "invoice_gateway_orders"."status" <> 'paid' and "invoice_gateway_orders"."test_mode" = false;--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id","paid_on");--> statement-breakpoint
CREATE INDEX "invoice_payments_user_paid_idx" ON "invoice_payments" USING btree ("user_id","paid_on");--> statement-breakpoint
CREATE INDEX "payment_reports_invoice_idx" ON "payment_reports" USING btree ("invoice_id","status");--> statement-breakpoint
CREATE INDEX "products_low_stock_idx" ON "product_services" USING btree ("user_id","available_quantity",lower("name")) WHERE ("available_quantity" is not null and "low_stock_level" is not null and "available_quantity" <= "low_stock_level");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_public_token_unique" UNIQUE("public_token");--> statement-breakpoint
-- The list's default order carries status, due date, client name and number (INCLUDE, which Drizzle's schema cannot
-- spell; schema.ts notes it), so status filters such as "overdue" walk the index alone instead of
-- reading every row they pass, and a search tests the rows it passes on the index alone.
DROP INDEX "invoices_user_date_idx";--> statement-breakpoint
CREATE INDEX "invoices_user_date_idx" ON "invoices" USING btree ("user_id","invoice_date","created_at","id") INCLUDE ("status","due_date","client_name","invoice_number");
--> statement-breakpoint
-- Invoices marked paid before payments were recorded: their balance was paid on their payment
-- date (or, without one, their invoice date), as one payment made by the status.
INSERT INTO "invoice_payments" ("id", "user_id", "invoice_id", "amount_minor", "paid_on", "method", "note", "source")
SELECT gen_random_uuid()::text, "user_id", "id", "total_minor", coalesce("payment_date", "invoice_date"), 'other', 'Marked as paid', 'status'
FROM "invoices" WHERE "status" = 'paid' AND "total_minor" > 0;--> statement-breakpoint
UPDATE "invoices" SET "amount_paid_minor" = "total_minor" WHERE "status" = 'paid' AND "total_minor" > 0;--> statement-breakpoint
UPDATE "invoice_month_totals" SET "paid_minor" = "total_minor" WHERE "status" = 'paid';
--> statement-breakpoint
-- The dashboard's receivables sum the balance of every due invoice by currency and due date: the
-- (user, status, due date) index carries what that needs (INCLUDE), so it reads no invoice row.
DROP INDEX "invoices_user_status_idx";--> statement-breakpoint
CREATE INDEX "invoices_user_status_idx" ON "invoices" USING btree ("user_id","status","due_date") INCLUDE ("currency","total_minor","amount_paid_minor");
