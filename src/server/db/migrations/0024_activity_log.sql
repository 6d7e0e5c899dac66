-- Issue 31 phase 3 (decision 0077): the activity log of a business. Written in the transaction of
-- the change it records; kept one year (the retention job deletes older entries). The actor's name
-- is copied in, so an entry still reads right after the member leaves or the key is revoked.
CREATE TABLE "activity_log" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"record_kind" text,
	"record_id" text,
	"record_label" text DEFAULT '' NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "activity_log_business_time_idx" ON "activity_log" USING btree ("business_id","created_at" DESC,"id" DESC);
--> statement-breakpoint
CREATE INDEX "activity_log_time_idx" ON "activity_log" USING btree ("created_at");
