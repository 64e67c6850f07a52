import { sql, type SQL } from "drizzle-orm";
import { PROMPT_KINDS } from "#shared/domain/prompt-choice.ts";
import { z } from "zod";
import { SIGNATURES } from "#shared/domain/author.ts";
import { readablePieceSql, viewerIdOf, VISITOR, type Viewer } from "../../db/audience.ts";
import { perViewer } from "../../db/viewer-statements.ts";
import { FixedStatement, timestampColumn } from "../../db/typed-rows.ts";

/*
 * The columns every public piece is read with (a feed card and the open piece), for a piece
 * `s`, its prompt `p` and its writer `u`, and the zod schema of those columns as the driver
 * returns them.
 */

/**
 * The author columns of a piece `s` written by `u`: the name and the streak only when it is
 * signed by name, the alias only when signed by alias — the alias stored on the piece when it
 * was published, as the streak is (never the writer's alias or streak of today, which a later
 * change or anonymous piece would move). The label itself is made from these by authorLabel()
 * (shared/domain/author.ts).
 */
const AUTHOR_COLUMNS = sql.raw(`
      case when s.submission_type = 'name' then u.name end as author_name,
      case when s.submission_type = 'alias' then s.author_alias end as author_alias,
      case when s.submission_type = 'name' then s.author_streak end as author_streak`);

/** Whether the viewer likes the piece `s` (false for a visitor). */
function likedBy(viewerId: string | null): SQL {
  return viewerId
    ? sql`exists (select 1 from submission_likes l where l.submission_id = s.id and l.user_id = ${viewerId}::uuid)`
    : sql`false`;
}

/** Whether the viewer wrote the piece `s` (false for a visitor). */
function writtenBy(viewerId: string | null): SQL {
  return viewerId ? sql`s.user_id = ${viewerId}::uuid` : sql`false`;
}

/** The select list of a public piece, as `publicPieceRow` reads it. */
export function pieceColumns(viewerId: string | null): SQL {
  return sql`s.id, s.title, s.word_count, s.like_count, s.comment_count, s.is_featured, s.submission_type,
      s.created_at, s.comments_off, s.content_warning,
      p.id as prompt_id, p.text as prompt_text, p.kind as prompt_kind, p.date::text as prompt_date,
      ${AUTHOR_COLUMNS},
      ${likedBy(viewerId)} as liked, ${writtenBy(viewerId)} as mine`;
}

export const publicPieceRow = z.object({
  id: z.string(),
  title: z.string().nullable(),
  word_count: z.number(),
  like_count: z.number(),
  comment_count: z.number(),
  is_featured: z.boolean(),
  submission_type: z.enum(SIGNATURES),
  created_at: timestampColumn,
  comments_off: z.boolean(),
  content_warning: z.string().nullable(),
  prompt_id: z.string(),
  prompt_text: z.string(),
  prompt_kind: z.enum(PROMPT_KINDS),
  prompt_date: z.string().nullable(),
  author_name: z.string().nullable(),
  author_alias: z.string().nullable(),
  author_streak: z.number().nullable(),
  liked: z.boolean(),
  mine: z.boolean(),
});
/** A public piece as the community reads it, for a card or the open piece (portfolio/piece.service.ts's PieceRow is the whole stored piece, private text included). */
export type PublicPieceRow = z.infer<typeof publicPieceRow>;

/** The open piece: a public piece with its full text, and whether a visitor may open it too (piece-reader.ts keeps such a piece). */
export const pieceDetailRow = publicPieceRow.extend({ content: z.string(), visitors_see: z.boolean() });

function pieceDetailSql(id: string, viewer: Viewer): SQL {
  return sql`
    select ${pieceColumns(viewerIdOf(viewer))}, s.content, ${readablePieceSql(VISITOR, sql`s`, "open")} as visitors_see
    from submissions s
    join prompts p on p.id = s.prompt_id
    join users u on u.id = s.user_id
    where s.id = ${id}::uuid and ${readablePieceSql(viewer, sql`s`, "open")}
  `;
}

/**
 * The statement of piece `id` as a viewer may open it, and its values, built by Drizzle once per
 * kind of viewer: a piece read afresh spent about a tenth of its CPU building it (issue 28 item 2).
 */
export const pieceDetailStatement = perViewer("id", pieceDetailSql);

/** A reader's own marks on piece `id`, and its counts as they are now: no row when it is gone. */
export const pieceMarksRow = z.object({ liked: z.boolean(), mine: z.boolean(), like_count: z.number(), comment_count: z.number() });

export const pieceMarksStatement = new FixedStatement(
  ["id", "viewerId"],
  ({ id, viewerId }) => sql`select ${likedBy(viewerId)} as liked, ${writtenBy(viewerId)} as mine, s.like_count, s.comment_count from submissions s where s.id = ${id}::uuid`,
);
