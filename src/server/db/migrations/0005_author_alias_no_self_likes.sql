ALTER TABLE "submissions" ADD COLUMN "author_alias" text;--> statement-breakpoint
-- Issue 11, item 11: a piece keeps the alias it was published with. Pieces published before this
-- column existed are signed with their writer's alias as it is now (what they showed until today);
-- an alias-signed piece whose writer has no alias left keeps showing "Anonymous".
UPDATE "submissions" s SET "author_alias" = nullif(btrim(u."alias"), '')
FROM "users" u
WHERE u."id" = s."user_id" AND s."submission_type" = 'alias';--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_author_alias_only_alias_signed" CHECK ("submissions"."author_alias" IS NULL OR "submissions"."submission_type" = 'alias');--> statement-breakpoint
-- Issue 11, item 12: a writer cannot like their own piece. The counts of pieces their writer
-- liked are recomputed from the other readers' likes, then the self-likes are removed.
UPDATE "submissions" s SET "like_count" = (
  SELECT count(*)::int FROM "submission_likes" l WHERE l."submission_id" = s."id" AND l."user_id" <> s."user_id"
)
WHERE EXISTS (SELECT 1 FROM "submission_likes" l WHERE l."submission_id" = s."id" AND l."user_id" = s."user_id");--> statement-breakpoint
DELETE FROM "submission_likes" l USING "submissions" s
WHERE s."id" = l."submission_id" AND l."user_id" = s."user_id";
