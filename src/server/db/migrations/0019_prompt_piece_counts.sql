CREATE TABLE "prompt_piece_counts" (
	"prompt_id" uuid NOT NULL,
	"shard" smallint NOT NULL,
	"pieces" integer DEFAULT 0 NOT NULL,
	"public_pieces" integer DEFAULT 0 NOT NULL,
	"shown_pieces" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "prompt_piece_counts_prompt_id_shard_pk" PRIMARY KEY("prompt_id","shard")
);
--> statement-breakpoint
ALTER TABLE "prompt_piece_counts" ADD CONSTRAINT "prompt_piece_counts_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Issue 28 item 5: pieces per prompt, kept in the same transaction as the rows they count
-- (schema/prompt-counts.ts). The three figures follow db/audience.ts: every piece; public
-- (publicPieceSql); public and not hidden (shownPieceSql). Each connection adds to its own shard
-- of the prompt's rows, in prompt order, so concurrent publishes to one prompt do not queue.
CREATE FUNCTION "prompt_piece_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO prompt_piece_counts AS c (prompt_id, shard, pieces, public_pieces, shown_pieces)
    SELECT n.prompt_id, pg_backend_pid() % 16, count(*),
      count(*) FILTER (WHERE n.is_private = false), count(*) FILTER (WHERE n.is_private = false AND n.hidden_at IS NULL)
    FROM new_pieces n GROUP BY n.prompt_id ORDER BY n.prompt_id
    ON CONFLICT (prompt_id, shard) DO UPDATE SET pieces = c.pieces + excluded.pieces,
      public_pieces = c.public_pieces + excluded.public_pieces, shown_pieces = c.shown_pieces + excluded.shown_pieces;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO prompt_piece_counts AS c (prompt_id, shard, pieces, public_pieces, shown_pieces)
    SELECT o.prompt_id, pg_backend_pid() % 16, -count(*),
      -count(*) FILTER (WHERE o.is_private = false), -count(*) FILTER (WHERE o.is_private = false AND o.hidden_at IS NULL)
    FROM old_pieces o GROUP BY o.prompt_id ORDER BY o.prompt_id
    ON CONFLICT (prompt_id, shard) DO UPDATE SET pieces = c.pieces + excluded.pieces,
      public_pieces = c.public_pieces + excluded.public_pieces, shown_pieces = c.shown_pieces + excluded.shown_pieces;
  ELSE
    -- A row's audience or prompt changed (row-level, only when the WHEN clause says so).
    INSERT INTO prompt_piece_counts AS c (prompt_id, shard, pieces, public_pieces, shown_pieces)
    SELECT v.prompt_id, pg_backend_pid() % 16, sum(v.pieces), sum(v.public_pieces), sum(v.shown_pieces)
    FROM (VALUES
      (OLD.prompt_id, -1, -(OLD.is_private = false)::int, -(OLD.is_private = false AND OLD.hidden_at IS NULL)::int),
      (NEW.prompt_id, 1, (NEW.is_private = false)::int, (NEW.is_private = false AND NEW.hidden_at IS NULL)::int)
    ) AS v(prompt_id, pieces, public_pieces, shown_pieces)
    GROUP BY v.prompt_id ORDER BY v.prompt_id
    ON CONFLICT (prompt_id, shard) DO UPDATE SET pieces = c.pieces + excluded.pieces,
      public_pieces = c.public_pieces + excluded.public_pieces, shown_pieces = c.shown_pieces + excluded.shown_pieces;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "submissions_count_inserted" AFTER INSERT ON "submissions" REFERENCING NEW TABLE AS new_pieces
  FOR EACH STATEMENT EXECUTE FUNCTION "prompt_piece_counts_add"();--> statement-breakpoint
CREATE TRIGGER "submissions_count_deleted" AFTER DELETE ON "submissions" REFERENCING OLD TABLE AS old_pieces
  FOR EACH STATEMENT EXECUTE FUNCTION "prompt_piece_counts_add"();--> statement-breakpoint
CREATE TRIGGER "submissions_count_changed" AFTER UPDATE OF "prompt_id", "is_private", "hidden_at" ON "submissions"
  FOR EACH ROW WHEN (OLD.prompt_id IS DISTINCT FROM NEW.prompt_id OR OLD.is_private IS DISTINCT FROM NEW.is_private
    OR (OLD.hidden_at IS NULL) <> (NEW.hidden_at IS NULL))
  EXECUTE FUNCTION "prompt_piece_counts_add"();--> statement-breakpoint
-- Every prompt's counts made again from the pieces: the backfill below, and `npm run seed`, whose
-- bulk insert runs with session_replication_role = replica (no triggers).
CREATE FUNCTION "prompt_piece_counts_recount"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM prompt_piece_counts;
  INSERT INTO prompt_piece_counts (prompt_id, shard, pieces, public_pieces, shown_pieces)
  SELECT prompt_id, 0, count(*), count(*) FILTER (WHERE is_private = false),
    count(*) FILTER (WHERE is_private = false AND hidden_at IS NULL)
  FROM submissions GROUP BY prompt_id;
$$;--> statement-breakpoint
-- The pieces already there (the triggers above hold off other writers until this commits).
SELECT "prompt_piece_counts_recount"();
