import type { z } from "zod";
import {
  DATA_EXPORT_FORMAT,
  DATA_EXPORT_VERSION,
  exportAchievement,
  exportComment,
  exportLike,
  exportNotificationPrefs,
  exportPiece,
  exportProfile,
  exportReport,
  exportShareLink,
  exportStreaks,
} from "#shared/schemas/data-export.ts";
import type { Queryable } from "../../db/client.ts";
import { myComments, myDays, myLikes, myReports, myShareLinks, profileOf } from "./data-export.query.ts";
import { newestPieces, type ExportPiece } from "./export.query.ts";
import { pieceVersions } from "./piece-files.ts";

/*
 * "All my data" as one JSON document (shared/schemas/data-export.ts), written as it is read: the
 * small parts first, then each list a page at a time, every item parsed through its schema.
 */

const item = <S extends z.ZodType>(schema: S, value: z.input<S>) => JSON.stringify(schema.parse(value));

function pieceItem(p: ExportPiece): z.input<typeof exportPiece> {
  const v = pieceVersions(p);
  const own = p.isPrivate ? v.main : p.privateContent === null ? null : (v.private ?? v.main);
  return {
    id: p.id,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    localDate: p.localDate,
    prompt: { text: p.promptText, date: p.promptDate, kind: p.promptKind },
    visibility: p.isPrivate ? "private" : "public",
    circles: p.circleNames,
    signature: p.signature,
    alias: p.authorAlias,
    featured: p.isFeatured,
    likes: p.likeCount,
    comments: p.commentCount,
    contentWarning: p.contentWarning,
    hidden: p.hiddenAt !== null,
    published: p.isPrivate ? null : v.main,
    private: own,
  };
}

/** `"key":[` + each page's items, comma-separated + `]`. */
async function* list<R>(key: string, pages: AsyncIterable<R[]>, toJson: (row: R) => string): AsyncGenerator<string> {
  yield `,${JSON.stringify(key)}:[`;
  let first = true;
  for await (const page of pages) {
    yield (first ? "" : ",") + page.map(toJson).join(",");
    first = false;
  }
  yield "]";
}

async function* documentParts(db: Queryable, userId: string, now: Date): AsyncGenerator<string> {
  const { user, prefs, achievements } = await profileOf(db, userId);
  if (!user) throw new Error("export: the signed-in writer has no row");
  yield `{"format":${JSON.stringify(DATA_EXPORT_FORMAT)},"version":${DATA_EXPORT_VERSION},"exportedAt":${JSON.stringify(now.toISOString())}`;
  const profile = { id: user.id, email: user.email, emailVerified: user.emailVerified, name: user.name, alias: user.alias, age: user.age, location: user.location, timeZone: user.timeZone, createdAt: user.createdAt.toISOString() };
  yield `,"profile":${item(exportProfile, profile)}`;
  yield `,"streaks":${item(exportStreaks, { current: user.currentStreak, longest: user.longestStreak, lastWriteDate: user.lastWriteDate })}`;
  const prefsOut = prefs ? { weeklyEmail: prefs.weeklyEmail, monthlyEmail: prefs.monthlyEmail, reminderEnabled: prefs.reminderEnabled, reminderHour: prefs.reminderHour, digest: prefs.digest } : null;
  yield `,"notificationPreferences":${item(exportNotificationPrefs, prefsOut)}`;
  yield `,"achievements":[${achievements.map((a) => item(exportAchievement, { type: a.achievementType, year: a.year, achievedAt: a.achievedAt.toISOString() })).join(",")}]`;
  yield* list("shareLinks", myShareLinks(db, userId), (l) => item(exportShareLink, { pieceId: l.pieceId, token: l.token, createdAt: l.createdAt.toISOString(), expiresAt: l.expiresAt.toISOString() }));
  yield* list("reports", myReports(db, userId), (r) => item(exportReport, { ...r, createdAt: r.createdAt.toISOString() }));
  yield* list("likes", myLikes(db, userId), (l) => item(exportLike, { createdAt: l.createdAt.toISOString(), piece: { id: l.id, title: l.pieceName } }));
  yield* list("comments", myComments(db, userId), (m) => item(exportComment, { id: m.id, createdAt: m.createdAt.toISOString(), text: m.text, piece: { id: m.pieceId, title: m.pieceName } }));
  yield* list("daysWritten", myDays(db, userId), (d) => JSON.stringify(d.day));
  yield* list("pieces", newestPieces(db, userId), (p) => item(exportPiece, pieceItem(p)));
  yield "}\n";
}

/** The document as a byte stream, read only as fast as the client takes it. */
export function dataExportStream(db: Queryable, userId: string, now: Date): ReadableStream<Uint8Array> {
  const parts = documentParts(db, userId, now);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await parts.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await parts.return(undefined);
    },
  });
}
