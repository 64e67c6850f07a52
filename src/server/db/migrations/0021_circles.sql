CREATE TABLE "circle_bans" (
	"circle_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"banned_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circle_bans_pkey" PRIMARY KEY("circle_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "circle_invite_uses" (
	"invite_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circle_invite_uses_pkey" PRIMARY KEY("invite_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "circle_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"circle_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "circle_invites_uses" CHECK ("circle_invites"."uses" >= 0 AND ("circle_invites"."max_uses" IS NULL OR "circle_invites"."max_uses" >= 1))
);
--> statement-breakpoint
CREATE TABLE "circle_members" (
	"circle_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "circle_members_pkey" PRIMARY KEY("circle_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "circles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"accent" text DEFAULT 'ink' NOT NULL,
	"owner_id" uuid,
	"member_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circles_name_length" CHECK (length(btrim("circles"."name")) BETWEEN 1 AND 60),
	CONSTRAINT "circles_description_length" CHECK ("circles"."description" IS NULL OR length("circles"."description") <= 280),
	CONSTRAINT "circles_member_count_nonnegative" CHECK ("circles"."member_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "piece_circles" (
	"submission_id" uuid NOT NULL,
	"circle_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "piece_circles_pkey" PRIMARY KEY("submission_id","circle_id")
);
--> statement-breakpoint
ALTER TABLE "trashed_pieces" ADD COLUMN "circle_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "circle_bans" ADD CONSTRAINT "circle_bans_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_bans" ADD CONSTRAINT "circle_bans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_bans" ADD CONSTRAINT "circle_bans_banned_by_users_id_fk" FOREIGN KEY ("banned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_invite_uses" ADD CONSTRAINT "circle_invite_uses_invite_id_circle_invites_id_fk" FOREIGN KEY ("invite_id") REFERENCES "public"."circle_invites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_invite_uses" ADD CONSTRAINT "circle_invite_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_invites" ADD CONSTRAINT "circle_invites_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_invites" ADD CONSTRAINT "circle_invites_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_members" ADD CONSTRAINT "circle_members_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_members" ADD CONSTRAINT "circle_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circles" ADD CONSTRAINT "circles_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "piece_circles" ADD CONSTRAINT "piece_circles_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "piece_circles" ADD CONSTRAINT "piece_circles_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "circle_invites_code_key" ON "circle_invites" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "circle_invites_circle_idx" ON "circle_invites" USING btree ("circle_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "circle_members_user_idx" ON "circle_members" USING btree ("user_id","circle_id");--> statement-breakpoint
CREATE INDEX "circle_members_circle_joined_idx" ON "circle_members" USING btree ("circle_id","joined_at","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "circle_members_one_owner" ON "circle_members" USING btree ("circle_id") WHERE "circle_members"."role" = 'owner';--> statement-breakpoint
CREATE UNIQUE INDEX "circles_slug_key" ON "circles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "piece_circles_feed_idx" ON "piece_circles" USING btree ("circle_id","created_at" DESC NULLS LAST,"submission_id" DESC NULLS LAST);