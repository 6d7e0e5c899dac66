-- The due balances gain the status rule's third axis (paid > 0) and the invoices' total, so the
-- lists' status totals and the dashboard's status breakdown read the shown status from them
-- (decision 0054). The rows are rebuilt from the invoices, as rebuildInvoiceTotals does.
ALTER TABLE "invoice_due_balances" DROP CONSTRAINT "invoice_due_balances_user_id_currency_due_date_pk";--> statement-breakpoint
ALTER TABLE "invoice_due_balances" ADD COLUMN "part_paid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_due_balances" ADD COLUMN "total_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
DELETE FROM "invoice_due_balances";--> statement-breakpoint
INSERT INTO "invoice_due_balances" ("user_id", "currency", "due_date", "part_paid", "count", "total_minor", "balance_minor")
  SELECT "user_id", "currency", coalesce("due_date", 'infinity'::date), "amount_paid_minor" > 0, count(*)::int,
    sum("total_minor")::bigint, sum(greatest("total_minor" - "amount_paid_minor", 0))::bigint
  FROM "invoices" WHERE "status" = 'due'
  GROUP BY 1, 2, 3, 4;--> statement-breakpoint
ALTER TABLE "invoice_due_balances" ADD CONSTRAINT "invoice_due_balances_user_id_currency_due_date_part_paid_pk" PRIMARY KEY("user_id","currency","due_date","part_paid");
