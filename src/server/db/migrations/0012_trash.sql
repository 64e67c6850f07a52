CREATE TABLE "trashed_comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"piece_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"content" text NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_by" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trashed_likes" (
	"piece_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trashed_likes_pkey" PRIMARY KEY("piece_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "trashed_pieces" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"prompt_id" uuid NOT NULL,
	"trashed_at" timestamp with time zone NOT NULL,
	"trashed_by" uuid,
	"by_admin" boolean DEFAULT false NOT NULL,
	"note" text,
	"title" text,
	"excerpt" text NOT NULL,
	"word_count" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"local_date" date NOT NULL,
	"hidden_by" uuid,
	"snapshot_version" integer NOT NULL,
	"piece" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trashed_comments" ADD CONSTRAINT "trashed_comments_piece_id_trashed_pieces_id_fk" FOREIGN KEY ("piece_id") REFERENCES "public"."trashed_pieces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trashed_comments" ADD CONSTRAINT "trashed_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trashed_comments" ADD CONSTRAINT "trashed_comments_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trashed_likes" ADD CONSTRAINT "trashed_likes_piece_id_trashed_pieces_id_fk" FOREIGN KEY ("piece_id") REFERENCES "public"."trashed_pieces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trashed_likes" ADD CONSTRAINT "trashed_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trashed_pieces" ADD CONSTRAINT "trashed_pieces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trashed_pieces" ADD CONSTRAINT "trashed_pieces_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trashed_pieces" ADD CONSTRAINT "trashed_pieces_trashed_by_users_id_fk" FOREIGN KEY ("trashed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trashed_pieces" ADD CONSTRAINT "trashed_pieces_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trashed_comments_piece_idx" ON "trashed_comments" USING btree ("piece_id");--> statement-breakpoint
CREATE INDEX "trashed_comments_user_idx" ON "trashed_comments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "trashed_likes_user_idx" ON "trashed_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "trashed_pieces_user_idx" ON "trashed_pieces" USING btree ("user_id","trashed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trashed_pieces_trashed_at_idx" ON "trashed_pieces" USING btree ("trashed_at");