CREATE TABLE "mail_templates" (
	"user_id" text PRIMARY KEY NOT NULL,
	"send_subject" text,
	"send_message" text,
	"reminder_subject" text,
	"reminder_message" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_clock" (
	"id" integer PRIMARY KEY NOT NULL,
	"now" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "open_reports" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_templates" ADD CONSTRAINT "mail_templates_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Reports made before the count was kept.
UPDATE "invoices" SET "open_reports" = r."n"
FROM (SELECT "invoice_id", count(*)::int AS "n" FROM "payment_reports" WHERE "status" = 'open' GROUP BY 1) r
WHERE r."invoice_id" = "invoices"."id";
