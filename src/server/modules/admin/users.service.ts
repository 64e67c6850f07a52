import { escapeLike } from "../../db/query-parts.ts";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { ADMIN_SUBMISSIONS_PAGE_SIZE, ADMIN_USERS_PAGE_SIZE } from "#shared/constants.ts";
import { ADMIN_MESSAGES, type AdminUserDetail, type AdminUsersPage } from "#shared/schemas/admin.ts";
import type { Queryable } from "../../db/client.ts";
import { notDeletedWriter } from "../../db/deleted-writer.ts";
import { prompts, submissions, users } from "../../db/schema/index.ts";
import { notFound } from "../../http/errors.ts";
import { keyTimeSql, newestFirstPager } from "../../db/keyset.ts";
import { iso, promptRefColumns, toPromptRef } from "./admin.shared.ts";

const usersPager = newestFirstPager(ADMIN_USERS_PAGE_SIZE, ADMIN_MESSAGES.invalidCursor);
const piecesPager = newestFirstPager(ADMIN_SUBMISSIONS_PAGE_SIZE, ADMIN_MESSAGES.invalidCursor);

/*
 * The user database: writers found by name, alias or email, and one writer with their pieces.
 * (Who is an admin is another matter: modules/users/admins.service.ts.)
 */


/** Matches users_search_trgm_idx (migration 0001), so a search stays fast at 100,000 writers. */
const userSearchText = sql`lower(${users.name} || ' ' || coalesce(${users.alias}, '') || ' ' || ${users.email})`;

/** Writers newest first, optionally those whose name, alias or email contains `q`; keyset paged. */
export async function searchUsers(db: Queryable, q: string | undefined, cursor: string | undefined): Promise<AdminUsersPage> {
  const after = usersPager.decode(cursor);
  const term = q?.trim() ? `%${escapeLike(q.trim().toLowerCase())}%` : null;
  const rows = await db
    .select({ id: users.id, name: users.name, alias: users.alias, email: users.email, createdAt: users.createdAt, cursorTs: keyTimeSql(users.createdAt) })
    .from(users)
    .where(
      and(
        // The shared "deleted writer" of kept Anonymous pieces is nobody to list.
        notDeletedWriter(users.id),
        term ? sql`${userSearchText} like ${term}` : undefined,
        after
          ? sql`(${users.createdAt} < ${after.t}::timestamptz or (${users.createdAt} = ${after.t}::timestamptz and ${users.id} > ${after.id}::uuid))`
          : undefined,
      ),
    )
    // The order of users_created_at_idx (created_at DESC NULLS LAST, id).
    .orderBy(sql`${users.createdAt} desc nulls last`, asc(users.id))
    .limit(usersPager.limit);
  const { page, nextCursor } = usersPager.page(rows);
  return { users: page.map((u) => ({ id: u.id, name: u.name, alias: u.alias, email: u.email, createdAt: iso(u.createdAt) })), nextCursor };
}

/**
 * One writer with their pieces, newest first. Admins see that a private piece exists, when it
 * was written and how long it is, never its title or words (docs/decisions/006-admin-screens.md).
 */
export async function getUserDetail(db: Queryable, id: string, cursor: string | undefined): Promise<AdminUserDetail> {
  const after = piecesPager.decode(cursor);
  const [user] = await db
    .select({ id: users.id, name: users.name, alias: users.alias, email: users.email, location: users.location, age: users.age, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
  const rows = await db
    .select({
      id: submissions.id,
      isPrivate: submissions.isPrivate,
      title: submissions.title,
      content: submissions.content,
      submissionType: submissions.submissionType,
      wordCount: submissions.wordCount,
      isFeatured: submissions.isFeatured,
      createdAt: submissions.createdAt,
      cursorTs: keyTimeSql(submissions.createdAt),
      ...promptRefColumns,
    })
    .from(submissions)
    .innerJoin(prompts, eq(prompts.id, submissions.promptId))
    .where(and(eq(submissions.userId, id), piecesPager.olderThan(submissions.createdAt, submissions.id, after)))
    .orderBy(...piecesPager.order(submissions.createdAt, submissions.id))
    .limit(ADMIN_SUBMISSIONS_PAGE_SIZE + 1);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(submissions).where(eq(submissions.userId, id));
  const { page, nextCursor } = piecesPager.page(rows);
  return {
    user: { ...user, createdAt: iso(user.createdAt) },
    total: n,
    submissions: page.map((r) => ({
      id: r.id,
      isPrivate: r.isPrivate,
      title: r.isPrivate ? null : r.title,
      content: r.isPrivate ? null : r.content,
      submissionType: r.submissionType,
      wordCount: r.wordCount,
      isFeatured: r.isFeatured,
      createdAt: iso(r.createdAt),
      prompt: toPromptRef(r),
    })),
    nextCursor,
  };
}
