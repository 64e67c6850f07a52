ALTER TABLE "prompts" DROP CONSTRAINT "prompts_kind_date";--> statement-breakpoint
ALTER TABLE "notification_prefs" ADD COLUMN "write_in_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "write_ins" ADD COLUMN "prompt_id" uuid;--> statement-breakpoint
ALTER TABLE "write_ins" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "write_ins" ADD CONSTRAINT "write_ins_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "write_ins_settle_idx" ON "write_ins" USING btree ("ends_at") WHERE "write_ins"."settled_at" IS NULL AND "write_ins"."canceled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "write_ins_prompt_idx" ON "write_ins" USING btree ("prompt_id") WHERE "write_ins"."prompt_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_kind_date" CHECK (("prompts"."kind" = 'daily' AND "prompts"."date" IS NOT NULL) OR ("prompts"."kind" IN ('freewrite', 'circle', 'write_in') AND "prompts"."date" IS NULL));--> statement-breakpoint
ALTER TABLE "write_ins" ADD CONSTRAINT "write_ins_own_prompt" CHECK (("write_ins"."prompt_mode" = 'own') = ("write_ins"."prompt_id" IS NOT NULL));