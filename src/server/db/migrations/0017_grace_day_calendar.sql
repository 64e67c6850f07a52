ALTER TABLE "users" ADD COLUMN "grace_day_used" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "streak_start_date" date;--> statement-breakpoint
CREATE INDEX "submissions_user_calendar_idx" ON "submissions" USING btree ("user_id","local_date","word_count","pages_written","created_at") WHERE "submissions"."imported_at" IS NULL;--> statement-breakpoint
-- Streaks kept before grace days existed ran day after day: each started current_streak - 1 days before its last day.
UPDATE "users" SET "streak_start_date" = "last_write_date" - ("current_streak" - 1) WHERE "current_streak" > 0 AND "last_write_date" IS NOT NULL;
