-- The list's default order over the invoices awaiting payment, for the overdue, due and partly paid
-- lists planned once (decision 0042): their filters read the due date and what was paid from the
-- index alone. Drizzle's schema cannot spell INCLUDE, so that part lives here only.
CREATE INDEX "invoices_user_due_idx" ON "invoices" USING btree ("user_id","invoice_date","created_at","id") INCLUDE ("due_date","amount_paid_minor") WHERE "invoices"."status" = 'due';
