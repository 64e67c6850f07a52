DROP INDEX "submissions_search_idx";--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(title, '') || ' ' || content)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "submissions_search_vector_idx" ON "submissions" USING gin ("search");--> statement-breakpoint
-- Statistics for the new column at once, so search plans use the GIN index from the first query.
ANALYZE "submissions";