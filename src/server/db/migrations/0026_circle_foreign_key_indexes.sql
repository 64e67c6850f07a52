CREATE INDEX "circle_bans_user_idx" ON "circle_bans" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "circle_bans_banned_by_idx" ON "circle_bans" USING btree ("banned_by") WHERE "circle_bans"."banned_by" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "circle_invite_uses_user_idx" ON "circle_invite_uses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "circle_invites_created_by_idx" ON "circle_invites" USING btree ("created_by") WHERE "circle_invites"."created_by" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "circle_prompts_created_by_idx" ON "circle_prompts" USING btree ("created_by") WHERE "circle_prompts"."created_by" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "circle_requests_user_idx" ON "circle_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "circle_requests_invite_idx" ON "circle_requests" USING btree ("invite_id") WHERE "circle_requests"."invite_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "circles_owner_idx" ON "circles" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "piece_circles_hidden_by_idx" ON "piece_circles" USING btree ("hidden_by") WHERE "piece_circles"."hidden_by" IS NOT NULL;