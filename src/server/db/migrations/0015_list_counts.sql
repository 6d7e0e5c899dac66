CREATE TABLE "list_counts" (
	"user_id" text NOT NULL,
	"list" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "list_counts_user_id_list_pk" PRIMARY KEY("user_id","list")
);
--> statement-breakpoint
ALTER TABLE "list_counts" ADD CONSTRAINT "list_counts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept by the tables themselves: one statement trigger per table and event adds or takes away the
-- rows each statement inserted or deleted, per user, in the statement's own transaction, whatever
-- wrote them (the API, an import, a restore, a cascade). Drizzle's schema cannot spell triggers.
CREATE FUNCTION "list_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "list_counts" ("user_id", "list", "n")
      SELECT "user_id", TG_TABLE_NAME, count(*) FROM "added" GROUP BY "user_id"
      ON CONFLICT ("user_id", "list") DO UPDATE SET "n" = "list_counts"."n" + excluded."n";
  ELSE
    UPDATE "list_counts" AS c SET "n" = c."n" - r."n"
      FROM (SELECT "user_id", count(*) AS "n" FROM "removed" GROUP BY "user_id") AS r
      WHERE c."user_id" = r."user_id" AND c."list" = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "clients_count_insert" AFTER INSERT ON "clients" REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "list_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "clients_count_delete" AFTER DELETE ON "clients" REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "list_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "product_services_count_insert" AFTER INSERT ON "product_services" REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "list_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "product_services_count_delete" AFTER DELETE ON "product_services" REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "list_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "invoices_count_insert" AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "list_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "invoices_count_delete" AFTER DELETE ON "invoices" REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "list_counts_keep"();
--> statement-breakpoint
-- The rows already there.
INSERT INTO "list_counts" ("user_id", "list", "n")
  SELECT "user_id", 'clients', count(*) FROM "clients" GROUP BY "user_id"
  UNION ALL SELECT "user_id", 'product_services', count(*) FROM "product_services" GROUP BY "user_id"
  UNION ALL SELECT "user_id", 'invoices', count(*) FROM "invoices" GROUP BY "user_id";
