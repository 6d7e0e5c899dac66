-- The credit ledger names the document a download was for by kind and id (decision 0057):
-- invoice_id held a quote's id for a quote's PDF, and the parent invoice's id for a note's.
-- Every row is kept; each download row finds its document: a note by its number on that invoice,
-- a quote by its id, else the invoice it always named. Every row of quotes is a quote here: the
-- proforma and challan kinds come with 0020, which gives each existing row the kind 'quote'.
ALTER TABLE "credit_ledger" ADD COLUMN "document_id" text;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "document_kind" text;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "document_number" text;--> statement-breakpoint
UPDATE "credit_ledger" SET "document_id" = "invoice_id", "document_number" = "invoice_number",
  "document_kind" = 'invoice'
WHERE "invoice_id" IS NOT NULL;--> statement-breakpoint
UPDATE "credit_ledger" l SET "document_kind" = 'quote'
FROM "quotes" q
WHERE q."id" = l."invoice_id" AND q."user_id" = l."user_id";--> statement-breakpoint
UPDATE "credit_ledger" l SET "document_id" = n."id",
  "document_kind" = CASE n."kind" WHEN 'debit' THEN 'debit_note' ELSE 'credit_note' END
FROM "credit_notes" n
WHERE n."invoice_id" = l."invoice_id" AND n."user_id" = l."user_id"
  AND n."note_number" = l."invoice_number";--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP COLUMN "invoice_id";--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP COLUMN "invoice_number";
