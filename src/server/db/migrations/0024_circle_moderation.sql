ALTER TABLE "audit_log" ADD COLUMN "circle_id" uuid;--> statement-breakpoint
ALTER TABLE "piece_circles" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "piece_circles" ADD COLUMN "hidden_by" uuid;--> statement-breakpoint
ALTER TABLE "piece_circles" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "piece_circles" ADD CONSTRAINT "piece_circles_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;