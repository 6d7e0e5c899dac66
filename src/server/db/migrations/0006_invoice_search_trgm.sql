-- Trigram index for the invoices list's search (docs/decisions/0018-list-paging.md). pg_trgm is a
-- trusted extension (PostgreSQL 13+): the database's owner may create it; PGlite loads it at open.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "invoices_search_trgm_idx" ON "invoices" USING gin ("client_name" gin_trgm_ops,"invoice_number" gin_trgm_ops);
