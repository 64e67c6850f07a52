CREATE TABLE "circle_prompts" (
	"prompt_id" uuid PRIMARY KEY NOT NULL,
	"circle_id" uuid NOT NULL,
	"date" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prompts" DROP CONSTRAINT "prompts_kind_date";--> statement-breakpoint
ALTER TABLE "circle_prompts" ADD CONSTRAINT "circle_prompts_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_prompts" ADD CONSTRAINT "circle_prompts_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_prompts" ADD CONSTRAINT "circle_prompts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "circle_prompts_circle_date_key" ON "circle_prompts" USING btree ("circle_id","date");--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_kind_date" CHECK (("prompts"."kind" = 'daily' AND "prompts"."date" IS NOT NULL) OR ("prompts"."kind" IN ('freewrite', 'circle') AND "prompts"."date" IS NULL));