CREATE TABLE "client_advances" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"client_id" text NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"amount_minor" bigint NOT NULL,
	"received_on" date NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_advances_amount_positive" CHECK ("client_advances"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD COLUMN "advance_id" text;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "advance_id" text;--> statement-breakpoint
ALTER TABLE "client_advances" ADD CONSTRAINT "client_advances_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_advances" ADD CONSTRAINT "client_advances_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_advances_client_idx" ON "client_advances" USING btree ("business_id","client_id","received_on");--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_advance_id_client_advances_id_fk" FOREIGN KEY ("advance_id") REFERENCES "public"."client_advances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_advance_id_client_advances_id_fk" FOREIGN KEY ("advance_id") REFERENCES "public"."client_advances"("id") ON DELETE set null ON UPDATE no action;