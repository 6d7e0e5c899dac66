CREATE TABLE "received_month_totals" (
	"user_id" text NOT NULL,
	"month" date NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"invoices" integer NOT NULL,
	"new_in_year" integer NOT NULL,
	CONSTRAINT "received_month_totals_user_id_month_currency_pk" PRIMARY KEY("user_id","month","currency")
);
--> statement-breakpoint
ALTER TABLE "received_month_totals" ADD CONSTRAINT "received_month_totals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept by the payments themselves, as list_counts is (migration 0015): whatever writes a payment
-- (the API, a webhook, an import, a restore, an invoice's cascade), its statement's trigger works
-- out again, in the same transaction, the months it touched. A month's row is made from the user's
-- payments of that month (never a credit note's share, decision 0037) by their invoice's currency.
-- "new_in_year" counts the invoices that received nothing earlier in the financial year, so the
-- year's invoices that received money are the sum of its months'.
CREATE FUNCTION "received_month_refresh"(u text, m date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "received_month_totals" WHERE "user_id" = u AND "month" = m;
  INSERT INTO "received_month_totals" ("user_id", "month", "currency", "amount_minor", "invoices", "new_in_year")
    SELECT u, m, i."currency", sum(p."amount_minor"), count(DISTINCT p."invoice_id"),
      count(DISTINCT p."invoice_id") FILTER (WHERE NOT EXISTS (
        SELECT 1 FROM "invoice_payments" e
        WHERE e."invoice_id" = p."invoice_id" AND e."source" <> 'credit_note' AND e."paid_on" < m
          AND e."paid_on" >= (date_trunc('year', m::timestamp - interval '3 months') + interval '3 months')::date))
    FROM "invoice_payments" p JOIN "invoices" i ON i."id" = p."invoice_id"
    WHERE p."user_id" = u AND p."paid_on" >= m AND p."paid_on" < (m + interval '1 month')::date
      AND p."source" <> 'credit_note'
      -- A user being deleted keeps no row (their payments go in the same cascade).
      AND EXISTS (SELECT 1 FROM "user" WHERE "id" = u)
    GROUP BY i."currency";
END
$$;
--> statement-breakpoint
-- The months of these payments, and every month in which their invoices received money (an
-- invoice's first payment of the year may have moved), are noted as due for a refresh, once per
-- transaction, user and month. The refresh itself waits for the commit (a deferred constraint
-- trigger), so it takes the user's lock after every other lock of its transaction: a lock taken
-- in the middle (when the payment is written) deadlocked with a transaction holding the user's
-- list counts and waiting for it. Two transactions paying the same user's invoices refresh one
-- after the other, the second seeing the first's payments once committed.
CREATE TABLE "received_months_due" (
	"txid" bigint NOT NULL,
	"user_id" text NOT NULL,
	"month" date NOT NULL,
	PRIMARY KEY ("txid", "user_id", "month")
);
--> statement-breakpoint
CREATE FUNCTION "received_months_touch"(users text[], invoice_ids text[], days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "received_months_due" ("txid", "user_id", "month")
    SELECT DISTINCT txid_current(), c.u, date_trunc('month', x.d::timestamp)::date
    FROM unnest(users, invoice_ids, days) AS c(u, inv, d)
    CROSS JOIN LATERAL (
      SELECT c.d UNION ALL SELECT p."paid_on" FROM "invoice_payments" p WHERE p."invoice_id" = c.inv
    ) AS x(d)
    ON CONFLICT DO NOTHING;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "received_months_settle"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('received_month_totals ' || NEW."user_id"));
  PERFORM "received_month_refresh"(NEW."user_id", NEW."month");
  DELETE FROM "received_months_due"
    WHERE "txid" = NEW."txid" AND "user_id" = NEW."user_id" AND "month" = NEW."month";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "received_months_settle" AFTER INSERT ON "received_months_due" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "received_months_settle"();
--> statement-breakpoint
CREATE FUNCTION "received_months_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE u text[] := '{}'; i text[] := '{}'; d date[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT u || array_agg("user_id"), i || array_agg("invoice_id"), d || array_agg("paid_on") INTO u, i, d
      FROM "added" WHERE "source" <> 'credit_note';
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT u || array_agg("user_id"), i || array_agg("invoice_id"), d || array_agg("paid_on") INTO u, i, d
      FROM "removed" WHERE "source" <> 'credit_note';
  END IF;
  PERFORM "received_months_touch"(u, i, d);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoice_payments_received_insert" AFTER INSERT ON "invoice_payments" REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "received_months_keep"();
--> statement-breakpoint
CREATE TRIGGER "invoice_payments_received_update" AFTER UPDATE ON "invoice_payments" REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "received_months_keep"();
--> statement-breakpoint
CREATE TRIGGER "invoice_payments_received_delete" AFTER DELETE ON "invoice_payments" REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "received_months_keep"();
--> statement-breakpoint
-- An invoice's currency changed: its payments' months move to the new currency.
CREATE FUNCTION "received_months_currency"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "received_months_touch"(ARRAY[NEW."user_id"], ARRAY[NEW."id"], ARRAY[NEW."invoice_date"]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_received_currency" AFTER UPDATE OF "currency" ON "invoices" FOR EACH ROW WHEN (OLD."currency" IS DISTINCT FROM NEW."currency") EXECUTE FUNCTION "received_months_currency"();
--> statement-breakpoint
-- The payments already there.
SELECT "received_month_refresh"(u, m) FROM (
  SELECT DISTINCT "user_id" AS u, date_trunc('month', "paid_on"::timestamp)::date AS m
  FROM "invoice_payments" WHERE "source" <> 'credit_note'
) AS months;
