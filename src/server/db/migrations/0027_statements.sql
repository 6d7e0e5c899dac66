-- Issue 32 part 2 (decision 0081): statements of account. A kept statement (client, period,
-- currency, public link) that a PDF, a mail and /s/<token> name; its figures are computed from the
-- documents when read. The monthly statements' switch per business, and one row per client and month
-- sent, so the job sends each month once however many servers run it. An index for a client's invoices.
CREATE TABLE "statement_runs" (
	"client_id" text NOT NULL,
	"month" date NOT NULL,
	"business_id" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_runs_client_id_month_pk" PRIMARY KEY("client_id","month")
);
--> statement-breakpoint
CREATE TABLE "statement_schedules" (
	"business_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"enabled_at" timestamp with time zone,
	"done_month" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"client_id" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"currency" text NOT NULL,
	"public_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statements_public_token_unique" UNIQUE("public_token")
);
--> statement-breakpoint
ALTER TABLE "statement_runs" ADD CONSTRAINT "statement_runs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_runs" ADD CONSTRAINT "statement_runs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_schedules" ADD CONSTRAINT "statement_schedules_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statements_period_uq" ON "statements" USING btree ("business_id","client_id","from_date","to_date","currency");--> statement-breakpoint
CREATE INDEX "invoices_business_client_idx" ON "invoices" USING btree ("business_id","client_id","invoice_date");