CREATE TABLE "mail_plans" (
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"time_zone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_plans_pkey" PRIMARY KEY("kind","period","time_zone")
);
--> statement-breakpoint
CREATE TABLE "notification_prefs" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"weekly_email" boolean DEFAULT true NOT NULL,
	"monthly_email" boolean DEFAULT true NOT NULL,
	"reminder_enabled" boolean DEFAULT false NOT NULL,
	"reminder_hour" smallint DEFAULT 19 NOT NULL,
	"reminder_asked_on" date,
	"reminder_offered" boolean DEFAULT false NOT NULL,
	"digest" text DEFAULT 'off' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_prefs_reminder_hour" CHECK ("notification_prefs"."reminder_hour" BETWEEN 0 AND 23)
);
--> statement-breakpoint
CREATE TABLE "sent_emails" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_prefs" ADD CONSTRAINT "notification_prefs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_emails" ADD CONSTRAINT "sent_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_plans_created_idx" ON "mail_plans" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notification_prefs_reminder_idx" ON "notification_prefs" USING btree ("reminder_hour","user_id") WHERE "notification_prefs"."reminder_enabled";--> statement-breakpoint
CREATE INDEX "sent_emails_user_idx" ON "sent_emails" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_time_zone_idx" ON "users" USING btree ("time_zone","id");