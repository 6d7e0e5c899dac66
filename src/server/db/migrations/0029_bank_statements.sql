-- Issue 33 (decision 0083): the lines of the bank statements a business imports, once per account
-- (unique line key: UTR and direction, else date, amount, narration and balance), with the payments
-- each matched line recorded, so undo removes exactly those; and the layouts a business mapped by
-- hand for a bank whose header row Bahi does not recognise.
CREATE TABLE "bank_statement_layouts" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"signature" text NOT NULL,
	"columns" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"account" text NOT NULL,
	"line_key" text NOT NULL,
	"bank" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"source_row" integer NOT NULL,
	"txn_date" date NOT NULL,
	"value_date" date,
	"direction" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"balance_minor" bigint,
	"narration" text NOT NULL,
	"ref_no" text,
	"channel" text NOT NULL,
	"utr" text,
	"payer_name" text,
	"payer_vpa" text,
	"payer_bank" text,
	"note" text,
	"status" text NOT NULL,
	"match_tier" text,
	"match_reason" text DEFAULT '' NOT NULL,
	"suggestions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"client_id" text,
	"matched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_lines_amount_positive" CHECK ("bank_statement_lines"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "bank_statement_layouts" ADD CONSTRAINT "bank_statement_layouts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_layouts_signature_uq" ON "bank_statement_layouts" USING btree ("business_id","signature");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_key_uq" ON "bank_statement_lines" USING btree ("business_id","account","line_key");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_business_date_idx" ON "bank_statement_lines" USING btree ("business_id","txn_date","id");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_business_vpa_idx" ON "bank_statement_lines" USING btree ("business_id","payer_vpa");