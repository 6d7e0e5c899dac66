-- Export invoices in two currencies (decision 0089): an invoice's rupee value (null for INR and
-- without a rate; documents saved before keep null), and each realisation's rupees credited and
-- FIRC / e-BRC number. Additive: nothing a user has changes.
ALTER TABLE "invoice_payments" ADD COLUMN "inr_credited_minor" bigint;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "realisation_ref" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "inr_total_minor" bigint;
