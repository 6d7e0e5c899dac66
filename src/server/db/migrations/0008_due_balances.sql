CREATE TABLE "invoice_due_balances" (
	"user_id" text NOT NULL,
	"currency" text NOT NULL,
	"due_date" date NOT NULL,
	"count" integer NOT NULL,
	"balance_minor" bigint NOT NULL,
	CONSTRAINT "invoice_due_balances_user_id_currency_due_date_pk" PRIMARY KEY("user_id","currency","due_date")
);
--> statement-breakpoint
ALTER TABLE "invoice_due_balances" ADD CONSTRAINT "invoice_due_balances_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Backfill from the invoices, as rebuildInvoiceTotals (queries/invoice-totals.ts) does per user.
INSERT INTO "invoice_due_balances" ("user_id", "currency", "due_date", "count", "balance_minor")
SELECT "user_id", "currency", coalesce("due_date", 'infinity'::date), count(*)::int,
  sum("total_minor" - "amount_paid_minor")::bigint
FROM "invoices"
WHERE "status" = 'due'
GROUP BY 1, 2, 3;
