ALTER TABLE "notification_prefs" ADD COLUMN "digest_before" text;--> statement-breakpoint
ALTER TABLE "notification_prefs" ADD COLUMN "digest_through" timestamp with time zone;