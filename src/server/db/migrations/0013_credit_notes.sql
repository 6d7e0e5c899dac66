CREATE TABLE "credit_note_sequences" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "credit_note_sequences_user_id_kind_financial_year_pk" PRIMARY KEY("user_id","kind","financial_year")
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"invoice_id" text NOT NULL,
	"note_number" text NOT NULL,
	"financial_year" text NOT NULL,
	"note_date" date NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"currency" text NOT NULL,
	"client_name" text DEFAULT '' NOT NULL,
	"taxable_minor" bigint NOT NULL,
	"tax_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"applied_minor" bigint DEFAULT 0 NOT NULL,
	"payment_id" text,
	"note_data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_total_positive" CHECK ("credit_notes"."total_minor" > 0),
	CONSTRAINT "credit_notes_applied_range" CHECK ("credit_notes"."applied_minor" >= 0 and "credit_notes"."applied_minor" <= "credit_notes"."total_minor")
);
--> statement-breakpoint
ALTER TABLE "credit_note_sequences" ADD CONSTRAINT "credit_note_sequences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_user_number_uq" ON "credit_notes" USING btree ("user_id","financial_year",lower("note_number"));--> statement-breakpoint
CREATE INDEX "credit_notes_user_date_idx" ON "credit_notes" USING btree ("user_id","note_date","created_at");--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("user_id","invoice_id");