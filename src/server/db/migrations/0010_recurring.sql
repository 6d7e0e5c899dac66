CREATE TABLE "recurring_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"source_invoice_id" text,
	"client_name" text DEFAULT '' NOT NULL,
	"currency" text NOT NULL,
	"total_minor" bigint NOT NULL,
	"document" jsonb NOT NULL,
	"schedule" jsonb NOT NULL,
	"state" jsonb NOT NULL,
	"action" text NOT NULL,
	"attach_pdf" boolean DEFAULT false NOT NULL,
	"due_days" integer,
	"status" text NOT NULL,
	"next_date" date,
	"stopped_at" timestamp with time zone,
	"last_invoice_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_runs" (
	"profile_id" text NOT NULL,
	"period_index" integer NOT NULL,
	"user_id" text NOT NULL,
	"period_date" date NOT NULL,
	"outcome" text NOT NULL,
	"invoice_id" text,
	"invoice_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_runs_profile_id_period_index_pk" PRIMARY KEY("profile_id","period_index")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "recurring_profile_id" text;--> statement-breakpoint
ALTER TABLE "recurring_profiles" ADD CONSTRAINT "recurring_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_runs" ADD CONSTRAINT "recurring_runs_profile_id_recurring_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."recurring_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_runs" ADD CONSTRAINT "recurring_runs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_profiles_user_idx" ON "recurring_profiles" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "recurring_profiles_due_idx" ON "recurring_profiles" USING btree ("status","next_date");