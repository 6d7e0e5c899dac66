-- Issue 31 phase 1 (decision 0072): a business owns the data. Every existing user gets one business
-- whose id is the user's own id, named from their company settings (else their name, else their
-- e-mail), with the user as its owner; every data table's user_id becomes business_id, pointing at
-- the business. Since the ids are equal, no data row changes its value: only the column's name, its
-- foreign key (now to businesses, still ON DELETE CASCADE) and its indexes' names. What belongs to a
-- person keeps user_id: session, account, sign_in_addresses (and signup_grants, keyed by mailbox).
CREATE TABLE "businesses" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_members" (
	"business_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text DEFAULT 'owner' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_members_business_id_user_id_pk" PRIMARY KEY("business_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "business_members" ADD CONSTRAINT "business_members_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "business_members" ADD CONSTRAINT "business_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "business_members_user_idx" ON "business_members" USING btree ("user_id");
--> statement-breakpoint
INSERT INTO "businesses" ("id", "name", "created_at", "updated_at")
  SELECT u."id",
    -- As firstBusinessName (#domain/businesses): trimmed, inner runs of spaces made one.
    coalesce(nullif(regexp_replace(btrim(s."settings_data"->>'companyName'), '\s+', ' ', 'g'), ''),
      nullif(regexp_replace(btrim(u."name"), '\s+', ' ', 'g'), ''), u."email"),
    u."created_at", u."created_at"
  FROM "user" u LEFT JOIN "user_settings" s ON s."user_id" = u."id";
--> statement-breakpoint
INSERT INTO "business_members" ("business_id", "user_id", "role", "created_at")
  SELECT "id", "id", 'owner', "created_at" FROM "user";
--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "api_keys" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "business_gateways" DROP CONSTRAINT "business_gateways_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "business_gateways" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "business_gateways" ADD CONSTRAINT "business_gateways_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "clients" DROP CONSTRAINT "clients_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "clients" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "credit_ledger" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "credit_notes" DROP CONSTRAINT "credit_notes_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "credit_notes" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "document_sequences" DROP CONSTRAINT "document_sequences_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "document_sequences" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "document_sequences" ADD CONSTRAINT "document_sequences_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "images" DROP CONSTRAINT "images_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "images" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_due_balances" DROP CONSTRAINT "invoice_due_balances_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_due_balances" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "invoice_due_balances" ADD CONSTRAINT "invoice_due_balances_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_events" DROP CONSTRAINT "invoice_events_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_events" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "invoice_events" ADD CONSTRAINT "invoice_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_gateway_orders" DROP CONSTRAINT "invoice_gateway_orders_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_gateway_orders" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "invoice_gateway_orders" ADD CONSTRAINT "invoice_gateway_orders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_month_totals" DROP CONSTRAINT "invoice_month_totals_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_month_totals" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "invoice_month_totals" ADD CONSTRAINT "invoice_month_totals_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_payments" DROP CONSTRAINT "invoice_payments_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_payments" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_reminders" DROP CONSTRAINT "invoice_reminders_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_reminders" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "list_counts" DROP CONSTRAINT "list_counts_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "list_counts" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "list_counts" ADD CONSTRAINT "list_counts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mail_templates" DROP CONSTRAINT "mail_templates_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "mail_templates" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "mail_templates" ADD CONSTRAINT "mail_templates_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_orders" DROP CONSTRAINT "payment_orders_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_orders" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_reports" DROP CONSTRAINT "payment_reports_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_reports" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "product_services" DROP CONSTRAINT "product_services_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "product_services" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "product_services" ADD CONSTRAINT "product_services_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "quote_events" DROP CONSTRAINT "quote_events_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "quote_events" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "quote_events" ADD CONSTRAINT "quote_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "quotes" DROP CONSTRAINT "quotes_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "quotes" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "received_month_totals" DROP CONSTRAINT "received_month_totals_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "received_month_totals" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "received_month_totals" ADD CONSTRAINT "received_month_totals_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "recurring_profiles" DROP CONSTRAINT "recurring_profiles_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "recurring_profiles" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "recurring_profiles" ADD CONSTRAINT "recurring_profiles_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "recurring_runs" DROP CONSTRAINT "recurring_runs_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "recurring_runs" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "recurring_runs" ADD CONSTRAINT "recurring_runs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reminder_settings" DROP CONSTRAINT "reminder_settings_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "reminder_settings" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "stock_movements" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_credits" DROP CONSTRAINT "user_credits_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "user_credits" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "user_credits" ADD CONSTRAINT "user_credits_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_settings" DROP CONSTRAINT "user_settings_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "user_settings" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "document_sequences" RENAME CONSTRAINT "document_sequences_user_id_series_financial_year_pk" TO "document_sequences_business_id_series_financial_year_pk";
--> statement-breakpoint
ALTER TABLE "invoice_due_balances" RENAME CONSTRAINT "invoice_due_balances_user_id_currency_due_date_part_paid_pk" TO "invoice_due_balances_business_id_currency_due_date_part_paid_pk";
--> statement-breakpoint
ALTER TABLE "invoice_month_totals" RENAME CONSTRAINT "invoice_month_totals_user_id_month_currency_status_due_month_pk" TO "invoice_month_totals_business_id_month_currency_status_due_month_pk";
--> statement-breakpoint
ALTER TABLE "list_counts" RENAME CONSTRAINT "list_counts_user_id_list_pk" TO "list_counts_business_id_list_pk";
--> statement-breakpoint
ALTER TABLE "received_month_totals" RENAME CONSTRAINT "received_month_totals_user_id_month_currency_pk" TO "received_month_totals_business_id_month_currency_pk";
--> statement-breakpoint
ALTER INDEX "api_keys_user_idx" RENAME TO "api_keys_business_idx";
--> statement-breakpoint
ALTER INDEX "clients_user_name_idx" RENAME TO "clients_business_name_idx";
--> statement-breakpoint
ALTER INDEX "clients_user_created_idx" RENAME TO "clients_business_created_idx";
--> statement-breakpoint
ALTER INDEX "credit_ledger_user_idx" RENAME TO "credit_ledger_business_idx";
--> statement-breakpoint
ALTER INDEX "credit_notes_user_number_uq" RENAME TO "credit_notes_business_number_uq";
--> statement-breakpoint
ALTER INDEX "credit_notes_user_date_idx" RENAME TO "credit_notes_business_date_idx";
--> statement-breakpoint
ALTER INDEX "images_user_hash_uq" RENAME TO "images_business_hash_uq";
--> statement-breakpoint
ALTER INDEX "invoice_payments_user_paid_idx" RENAME TO "invoice_payments_business_paid_idx";
--> statement-breakpoint
ALTER INDEX "invoices_user_status_idx" RENAME TO "invoices_business_status_idx";
--> statement-breakpoint
ALTER INDEX "invoices_user_date_idx" RENAME TO "invoices_business_date_idx";
--> statement-breakpoint
ALTER INDEX "invoices_user_due_idx" RENAME TO "invoices_business_due_idx";
--> statement-breakpoint
ALTER INDEX "invoices_user_number_uq" RENAME TO "invoices_business_number_uq";
--> statement-breakpoint
ALTER INDEX "invoices_user_number_key_uq" RENAME TO "invoices_business_number_key_uq";
--> statement-breakpoint
ALTER INDEX "payment_orders_user_idx" RENAME TO "payment_orders_business_idx";
--> statement-breakpoint
ALTER INDEX "products_user_name_idx" RENAME TO "products_business_name_idx";
--> statement-breakpoint
ALTER INDEX "quotes_user_number_uq" RENAME TO "quotes_business_number_uq";
--> statement-breakpoint
ALTER INDEX "quotes_user_date_idx" RENAME TO "quotes_business_date_idx";
--> statement-breakpoint
ALTER INDEX "recurring_profiles_user_idx" RENAME TO "recurring_profiles_business_idx";
--> statement-breakpoint
ALTER TABLE "received_months_due" RENAME COLUMN "user_id" TO "business_id";
--> statement-breakpoint
-- The business a session works in (POST /api/businesses/:id/switch); null: the person's first one.
ALTER TABLE "session" ADD COLUMN "business_id" text;
--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- The statement triggers of migrations 0015 and 0021 name the owner column: the same functions with
-- business_id (PostgreSQL keeps a function's body as text, so a renamed column is not followed).
CREATE OR REPLACE FUNCTION list_counts_keep()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "list_counts" ("business_id", "list", "n")
      SELECT "business_id", TG_TABLE_NAME, count(*) FROM "added" GROUP BY "business_id"
      ON CONFLICT ("business_id", "list") DO UPDATE SET "n" = "list_counts"."n" + excluded."n";
  ELSE
    UPDATE "list_counts" AS c SET "n" = c."n" - r."n"
      FROM (SELECT "business_id", count(*) AS "n" FROM "removed" GROUP BY "business_id") AS r
      WHERE c."business_id" = r."business_id" AND c."list" = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION received_month_refresh(u text, m date)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM "received_month_totals" WHERE "business_id" = u AND "month" = m;
  INSERT INTO "received_month_totals" ("business_id", "month", "currency", "amount_minor", "invoices", "new_in_year")
    SELECT u, m, i."currency", sum(p."amount_minor"), count(DISTINCT p."invoice_id"),
      count(DISTINCT p."invoice_id") FILTER (WHERE NOT EXISTS (
        SELECT 1 FROM "invoice_payments" e
        WHERE e."invoice_id" = p."invoice_id" AND e."source" <> 'credit_note' AND e."paid_on" < m
          AND e."paid_on" >= (date_trunc('year', m::timestamp - interval '3 months') + interval '3 months')::date))
    FROM "invoice_payments" p JOIN "invoices" i ON i."id" = p."invoice_id"
    WHERE p."business_id" = u AND p."paid_on" >= m AND p."paid_on" < (m + interval '1 month')::date
      AND p."source" <> 'credit_note'
      -- A business being deleted keeps no row (its payments go in the same cascade).
      AND EXISTS (SELECT 1 FROM "businesses" WHERE "id" = u)
    GROUP BY i."currency";
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION received_months_currency()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM "received_months_touch"(ARRAY[NEW."business_id"], ARRAY[NEW."id"], ARRAY[NEW."invoice_date"]);
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION received_months_keep()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE u text[] := '{}'; i text[] := '{}'; d date[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT u || array_agg("business_id"), i || array_agg("invoice_id"), d || array_agg("paid_on") INTO u, i, d
      FROM "added" WHERE "source" <> 'credit_note';
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT u || array_agg("business_id"), i || array_agg("invoice_id"), d || array_agg("paid_on") INTO u, i, d
      FROM "removed" WHERE "source" <> 'credit_note';
  END IF;
  PERFORM "received_months_touch"(u, i, d);
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION received_months_settle()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('received_month_totals ' || NEW."business_id"));
  PERFORM "received_month_refresh"(NEW."business_id", NEW."month");
  DELETE FROM "received_months_due"
    WHERE "txid" = NEW."txid" AND "business_id" = NEW."business_id" AND "month" = NEW."month";
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION received_months_touch(users text[], invoice_ids text[], days date[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO "received_months_due" ("txid", "business_id", "month")
    SELECT DISTINCT txid_current(), c.u, date_trunc('month', x.d::timestamp)::date
    FROM unnest(users, invoice_ids, days) AS c(u, inv, d)
    CROSS JOIN LATERAL (
      SELECT c.d UNION ALL SELECT p."paid_on" FROM "invoice_payments" p WHERE p."invoice_id" = c.inv
    ) AS x(d)
    ON CONFLICT DO NOTHING;
END
$function$;
--> statement-breakpoint
-- A business whose last owner leaves goes with its data (deleting an account deleted its data
-- before businesses): the membership's delete (an account's cascade, or leaving) deletes the
-- business in the same transaction once no other owner remains.
CREATE FUNCTION "business_last_owner_left"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."role" = 'owner' AND NOT EXISTS (
    SELECT 1 FROM "business_members" WHERE "business_id" = OLD."business_id" AND "role" = 'owner'
  ) THEN
    DELETE FROM "businesses" WHERE "id" = OLD."business_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "business_members_last_owner" AFTER DELETE ON "business_members"
  FOR EACH ROW EXECUTE FUNCTION "business_last_owner_left"();
