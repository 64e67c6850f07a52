import { and, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { readablePieceSql, VISITOR } from "../../db/audience.ts";
import type { Queryable } from "../../db/client.ts";
import { prompts, submissions, users } from "../../db/schema/index.ts";

/** How many entries a feed holds: the newest, never more. */
export const FEED_ENTRIES_LIMIT = 50;

/**
 * What an entry is made of. The writer's name and the alias stored on the piece go into
 * authorLabel() (feeds.atom.ts) and never into the feed themselves. Always the community copy
 * (title, content): a writer's private edits stay private.
 */
const entryColumns = {
  id: submissions.id,
  title: submissions.title,
  content: submissions.content,
  submissionType: submissions.submissionType,
  authorAlias: submissions.authorAlias,
  contentWarning: submissions.contentWarning,
  createdAt: submissions.createdAt,
  featuredAt: submissions.featuredAt,
  name: users.name,
  promptText: prompts.text,
  promptKind: prompts.kind,
};

/** Only what a visitor may read: public and not hidden (a deleted piece has no row). */
const readable = readablePieceSql(VISITOR, sql`${submissions}`, "list");

/**
 * The newest `limit` readable pieces that also match `where`, by `by` then id, both DESC NULLS
 * LAST: the order their index is made in (a plain DESC would need a sort).
 */
function entriesQuery(db: Queryable, where: SQL | undefined, by: AnyColumn, limit: number) {
  return db
    .select(entryColumns)
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .innerJoin(prompts, eq(prompts.id, submissions.promptId))
    .where(and(where, readable))
    .orderBy(sql`${by} desc nulls last`, sql`${submissions.id} desc nulls last`)
    .limit(limit);
}

/** The newest public pieces, newest first: one read of submissions_public_created_idx. */
export const communityEntriesQuery = (db: Queryable, limit = FEED_ENTRIES_LIMIT) => entriesQuery(db, undefined, submissions.createdAt, limit);

/**
 * The current Editors' Picks, most recently picked first: one read of submissions_featured_idx
 * (featured_at, id, where is_featured). A pick always has its featured_at (setFeatured sets
 * both); one without would come last, as the index orders nulls.
 */
export const picksEntriesQuery = (db: Queryable, limit = FEED_ENTRIES_LIMIT) =>
  entriesQuery(db, eq(submissions.isFeatured, true), submissions.featuredAt, limit);

export type FeedEntryRow = Awaited<ReturnType<typeof communityEntriesQuery>>[number];
