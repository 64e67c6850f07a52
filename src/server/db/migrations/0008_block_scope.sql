ALTER TABLE "blocks" ADD COLUMN "scope" text DEFAULT 'name' NOT NULL;--> statement-breakpoint
ALTER TABLE "blocks" ADD COLUMN "alias" text;--> statement-breakpoint
-- Existing blocks take the signature of the piece or comment they were made from; the alias is
-- the label the blocker saw. A block whose source is gone stays a name block.
UPDATE "blocks" b SET "scope" = CASE
    WHEN s."submission_type" = 'name' THEN 'name'
    WHEN s."submission_type" = 'alias' AND nullif(btrim(s."author_alias"), '') IS NOT NULL THEN 'alias'
    ELSE 'anonymous' END
  FROM "submissions" s WHERE s."id" = b."source_id";--> statement-breakpoint
UPDATE "blocks" b SET "scope" = CASE
    WHEN c."user_id" = s."user_id" THEN CASE
      WHEN s."submission_type" = 'name' THEN 'name'
      WHEN s."submission_type" = 'alias' AND nullif(btrim(s."author_alias"), '') IS NOT NULL THEN 'alias'
      ELSE 'anonymous' END
    WHEN nullif(btrim(u."alias"), '') IS NOT NULL THEN 'alias'
    ELSE 'name' END
  FROM "submission_comments" c
  JOIN "submissions" s ON s."id" = c."submission_id"
  JOIN "users" u ON u."id" = c."user_id"
  WHERE c."id" = b."source_id";--> statement-breakpoint
UPDATE "blocks" SET "alias" = btrim("label") WHERE "scope" = 'alias';--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_scope_known" CHECK ("blocks"."scope" in ('name', 'alias', 'anonymous') and ("blocks"."scope" = 'alias') = ("blocks"."alias" is not null));
