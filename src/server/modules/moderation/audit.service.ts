import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AuditAction, ReportItemKind } from "#shared/domain/moderation.ts";
import type { AuditPage, AuditQuery } from "#shared/schemas/moderation.ts";
import type { Queryable } from "../../db/client.ts";
import { auditLog, users } from "../../db/schema/index.ts";
import { ADMIN_MESSAGES } from "#shared/schemas/admin.ts";
import { keyTimeSql, newestFirstPager } from "../../db/keyset.ts";

/*
 * The audit log (issue 13 item 4): one row per moderation action or featuring, written in the
 * transaction of the action itself. Append-only: nothing here updates or deletes, and the
 * database refuses it anyway (trigger of migration 0006).
 */

export const AUDIT_PAGE_SIZE = 50;
/** An admin opening the queue again within this time does not add another "viewed identity" line for the same item. */
const IDENTITY_SIGHT_WINDOW_MS = 60 * 60 * 1000;

export interface AuditRecord {
  adminId: string;
  action: AuditAction;
  itemKind?: ReportItemKind | null;
  itemId?: string | null;
  subjectWriterId?: string | null;
  reason?: string | null;
  /** A circle moderator's action inside their circle. */
  circleId?: string | null;
}

export async function recordAudit(q: Queryable, entry: AuditRecord, now: Date): Promise<void> {
  await q.insert(auditLog).values({ ...entry, createdAt: now });
}

/** Records that an admin saw who wrote an item (anonymous or alias): once per item per admin per hour. */
export async function recordIdentitySight(q: Queryable, adminId: string, items: { kind: ReportItemKind; id: string; writerId: string }[], now: Date): Promise<void> {
  const since = new Date(now.getTime() - IDENTITY_SIGHT_WINDOW_MS);
  for (const item of items) {
    await q.execute(sql`
      insert into ${auditLog} (admin_id, action, item_kind, item_id, subject_writer_id, created_at)
      select ${adminId}::uuid, 'view_identity', ${item.kind}, ${item.id}::uuid, ${item.writerId}::uuid, ${now.toISOString()}::timestamptz
      where not exists (
        select 1 from ${auditLog} where admin_id = ${adminId}::uuid and action = 'view_identity'
          and item_id = ${item.id}::uuid and created_at > ${since.toISOString()}::timestamptz
      )`);
  }
}

const adminUser = alias(users, "audit_admin");
const writerUser = alias(users, "audit_writer");

const auditPager = newestFirstPager(AUDIT_PAGE_SIZE, ADMIN_MESSAGES.invalidCursor);

/** A page of the log, newest first, filtered by admin, writer and action (each through its own index). */
export async function listAudit(db: Queryable, query: AuditQuery): Promise<AuditPage> {
  const after = auditPager.decode(query.cursor);
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      adminId: auditLog.adminId,
      adminName: adminUser.name,
      writerId: auditLog.subjectWriterId,
      writerName: writerUser.name,
      itemKind: auditLog.itemKind,
      itemId: auditLog.itemId,
      reason: auditLog.reason,
      createdAt: auditLog.createdAt,
      cursorTs: keyTimeSql(auditLog.createdAt),
    })
    .from(auditLog)
    .leftJoin(adminUser, eq(adminUser.id, auditLog.adminId))
    .leftJoin(writerUser, eq(writerUser.id, auditLog.subjectWriterId))
    .where(
      and(
        query.adminId ? eq(auditLog.adminId, query.adminId) : undefined,
        query.writerId ? eq(auditLog.subjectWriterId, query.writerId) : undefined,
        query.action ? eq(auditLog.action, query.action) : undefined,
        auditPager.olderThan(auditLog.createdAt, auditLog.id, after),
      ),
    )
    .orderBy(...auditPager.order(auditLog.createdAt, auditLog.id))
    .limit(auditPager.limit);
  const { page, nextCursor } = auditPager.page(rows);
  return {
    entries: page.map((r) => ({
      id: r.id,
      action: r.action,
      // A deleted account keeps its lines: shown as "(deleted account)" by the client.
      admin: { id: r.adminId, name: r.adminName ?? "" },
      writer: r.writerId ? { id: r.writerId, name: r.writerName ?? "" } : null,
      itemKind: r.itemKind,
      itemId: r.itemId,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor,
  };
}
