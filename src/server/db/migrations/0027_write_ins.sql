CREATE TABLE "write_in_participants" (
	"write_in_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"seat" integer NOT NULL,
	"signature" text DEFAULT 'name' NOT NULL,
	"alias" text,
	"words" integer DEFAULT 0 NOT NULL,
	"words_at" timestamp with time zone,
	"session_start" timestamp with time zone NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone,
	CONSTRAINT "write_in_participants_pkey" PRIMARY KEY("write_in_id","user_id"),
	CONSTRAINT "write_in_participants_words" CHECK ("write_in_participants"."words" BETWEEN 0 AND 15000)
);
--> statement-breakpoint
CREATE TABLE "write_in_rsvps" (
	"write_in_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "write_in_rsvps_pkey" PRIMARY KEY("write_in_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "write_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series_id" uuid NOT NULL,
	"circle_id" uuid,
	"created_by" uuid,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"repeat" text DEFAULT 'none' NOT NULL,
	"prompt_mode" text DEFAULT 'site' NOT NULL,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "write_ins_title_length" CHECK (length(btrim("write_ins"."title")) BETWEEN 1 AND 80),
	CONSTRAINT "write_ins_length" CHECK ("write_ins"."ends_at" - "write_ins"."starts_at" BETWEEN interval '10 minutes' AND interval '60 minutes'),
	CONSTRAINT "write_ins_circle_prompt" CHECK ("write_ins"."prompt_mode" <> 'circle' OR "write_ins"."circle_id" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "write_in_participants" ADD CONSTRAINT "write_in_participants_write_in_id_write_ins_id_fk" FOREIGN KEY ("write_in_id") REFERENCES "public"."write_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_in_participants" ADD CONSTRAINT "write_in_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_in_rsvps" ADD CONSTRAINT "write_in_rsvps_write_in_id_write_ins_id_fk" FOREIGN KEY ("write_in_id") REFERENCES "public"."write_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_in_rsvps" ADD CONSTRAINT "write_in_rsvps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_ins" ADD CONSTRAINT "write_ins_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_ins" ADD CONSTRAINT "write_ins_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "write_in_participants_seat_key" ON "write_in_participants" USING btree ("write_in_id","seat");--> statement-breakpoint
CREATE INDEX "write_in_participants_user_idx" ON "write_in_participants" USING btree ("user_id","joined_at");--> statement-breakpoint
CREATE INDEX "write_in_rsvps_user_idx" ON "write_in_rsvps" USING btree ("user_id","write_in_id");--> statement-breakpoint
CREATE INDEX "write_ins_circle_start_idx" ON "write_ins" USING btree ("circle_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "write_ins_community_start_idx" ON "write_ins" USING btree ("starts_at","id") WHERE "write_ins"."circle_id" IS NULL AND "write_ins"."canceled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "write_ins_series_idx" ON "write_ins" USING btree ("series_id","starts_at");--> statement-breakpoint
CREATE INDEX "write_ins_created_by_idx" ON "write_ins" USING btree ("created_by");