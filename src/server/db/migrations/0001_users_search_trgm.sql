-- Trigram matching for the admin user search (pg_trgm ships with PostgreSQL; trusted since 13).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (lower("name" || ' ' || coalesce("alias", '') || ' ' || "email") gin_trgm_ops);