-- Issue 32 part 1 (decision 0080): the names of a business's ledgers in TallyPrime, one row per
-- business (no row: the defaults of src/domain/tally/mapping.ts). Numbered 0026: 0025 is kept for
-- another branch.
CREATE TABLE "tally_ledger_mappings" (
	"business_id" text PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tally_ledger_mappings" ADD CONSTRAINT "tally_ledger_mappings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
