import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { AUDIT_ACTIONS, REPORT_ITEM_KINDS, REPORT_OUTCOMES, REPORT_REASONS } from "../../../shared/domain/moderation.ts";
import { idColumn, ownedBy, stampColumn } from "./columns.ts";
import { users } from "./auth.ts";

/**
 * A writer's report of a public piece or a comment (issue 13). The item is named by kind and id
 * (no foreign key: a deleted item's reports stay, closed with outcome "deleted"). One open report
 * per writer per item; acting on an item closes all its open reports.
 */
export const reports = pgTable(
  "reports",
  {
    id: idColumn(),
    reporterId: ownedBy("reporter_id", () => users.id),
    itemKind: text("item_kind", { enum: REPORT_ITEM_KINDS }).notNull(),
    itemId: uuid("item_id").notNull(),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    note: text("note"),
    status: text("status", { enum: ["open", "closed"] }).notNull().default("open"),
    outcome: text("outcome", { enum: REPORT_OUTCOMES }),
    createdAt: stampColumn("created_at"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedBy: uuid("closed_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("reports_one_open_per_reporter").on(t.reporterId, t.itemKind, t.itemId).where(sql`${t.status} = 'open'`),
    // The queue: open reports of an item, and the items by their newest open report.
    index("reports_open_item_idx").on(t.itemKind, t.itemId, t.createdAt.desc()).where(sql`${t.status} = 'open'`),
    index("reports_open_created_idx").on(t.createdAt.desc(), t.id.desc()).where(sql`${t.status} = 'open'`),
    // A restore from the trash reopens what its writer's delete closed (issue 15 item 3).
    index("reports_closed_by_delete_idx").on(t.closedBy, t.closedAt).where(sql`${t.outcome} = 'deleted'`),
    check("reports_note_length", sql`${t.note} IS NULL OR length(${t.note}) <= 500`),
    check("reports_closed_whole", sql`(${t.status} = 'open') = (${t.closedAt} IS NULL) AND (${t.status} = 'open') = (${t.outcome} IS NULL)`),
  ],
);

/**
 * What admins did, append-only: a trigger (migration 0006) refuses UPDATE, DELETE and TRUNCATE.
 * The ids are plain (no foreign keys), so deleting a writer or an item never rewrites the record.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: idColumn(),
    adminId: uuid("admin_id").notNull(),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    itemKind: text("item_kind", { enum: REPORT_ITEM_KINDS }),
    itemId: uuid("item_id"),
    subjectWriterId: uuid("subject_writer_id"),
    reason: text("reason"),
    /** Set when a circle's moderator acted inside their circle (issue 29 item 7): the site's log records that too. */
    circleId: uuid("circle_id"),
    createdAt: stampColumn("created_at"),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("audit_log_admin_idx").on(t.adminId, t.createdAt.desc(), t.id.desc()),
    index("audit_log_writer_idx").on(t.subjectWriterId, t.createdAt.desc(), t.id.desc()),
    index("audit_log_action_idx").on(t.action, t.createdAt.desc(), t.id.desc()),
  ],
);
