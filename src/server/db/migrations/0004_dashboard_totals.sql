CREATE TABLE "invoice_month_totals" (
	"user_id" text NOT NULL,
	"month" date NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"due_month" date NOT NULL,
	"count" integer NOT NULL,
	"total_minor" bigint NOT NULL,
	CONSTRAINT "invoice_month_totals_user_id_month_currency_status_due_month_pk" PRIMARY KEY("user_id","month","currency","status","due_month")
);
--> statement-breakpoint
ALTER TABLE "invoice_month_totals" ADD CONSTRAINT "invoice_month_totals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
INSERT INTO "invoice_month_totals" ("user_id", "month", "currency", "status", "due_month", "count", "total_minor")
SELECT "user_id", date_trunc('month', "invoice_date")::date, "currency", "status",
  CASE WHEN "status" = 'due' AND "due_date" IS NOT NULL THEN date_trunc('month', "due_date")::date ELSE 'infinity'::date END,
  count(*)::int, sum("total_minor")::bigint
FROM "invoices"
GROUP BY 1, 2, 3, 4, 5;
