-- One table of number series for every document (decision 0056): INV, QT, CN, DN, DC, PF per
-- user and financial year. Every counter of the three old tables carries over as it is; a number
-- of the INV or QT series already on a document moves its counter past it (the old code looked
-- those up when a year's counter was first made), so the next number never repeats one in use.
CREATE TABLE "document_sequences" (
	"user_id" text NOT NULL,
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "document_sequences_user_id_series_financial_year_pk" PRIMARY KEY("user_id","series","financial_year")
);
--> statement-breakpoint
ALTER TABLE "document_sequences" ADD CONSTRAINT "document_sequences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "document_sequences" ("user_id", "series", "financial_year", "last_value")
  SELECT "user_id", 'INV', "financial_year", "last_value" FROM "invoice_sequences";--> statement-breakpoint
INSERT INTO "document_sequences" ("user_id", "series", "financial_year", "last_value")
  SELECT "user_id", 'QT', "financial_year", "last_value" FROM "quote_sequences";--> statement-breakpoint
INSERT INTO "document_sequences" ("user_id", "series", "financial_year", "last_value")
  SELECT "user_id", CASE "kind" WHEN 'credit' THEN 'CN' ELSE 'DN' END, "financial_year", "last_value"
  FROM "credit_note_sequences";--> statement-breakpoint
INSERT INTO "document_sequences" ("user_id", "series", "financial_year", "last_value")
  SELECT "user_id", 'INV', substring("invoice_number" from 5 for 7), max(substring("invoice_number" from 13)::integer)
  FROM "invoices" WHERE "invoice_number" ~ '^INV/[0-9]{4}-[0-9]{2}/[0-9]{4,9}$'
  GROUP BY 1, 2, 3
  ON CONFLICT ("user_id", "series", "financial_year")
  DO UPDATE SET "last_value" = greatest("document_sequences"."last_value", excluded."last_value");--> statement-breakpoint
INSERT INTO "document_sequences" ("user_id", "series", "financial_year", "last_value")
  SELECT "user_id", 'QT', substring("quote_number" from 4 for 7), max(substring("quote_number" from 12)::integer)
  FROM "quotes" WHERE "quote_number" ~ '^QT/[0-9]{4}-[0-9]{2}/[0-9]{4,9}$'
  GROUP BY 1, 2, 3
  ON CONFLICT ("user_id", "series", "financial_year")
  DO UPDATE SET "last_value" = greatest("document_sequences"."last_value", excluded."last_value");--> statement-breakpoint
DROP TABLE "credit_note_sequences" CASCADE;--> statement-breakpoint
DROP TABLE "invoice_sequences" CASCADE;--> statement-breakpoint
DROP TABLE "quote_sequences" CASCADE;
