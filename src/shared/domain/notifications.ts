import { ACHIEVEMENT_NAMES, type AchievementType } from "./achievements.ts";
import { formatLongDate } from "./format.ts";

/*
 * In-app notifications (issue 14 item 6): what a writer is told, and in which words. The
 * server stores only what these messages need; the words are made here, once, for the list,
 * and for the email digest later.
 */

export const NOTIFICATION_KINDS = ["comment", "pick", "achievement", "moderation", "likes", "circle_joined", "circle_prompt", "circle_pieces", "circle_request", "circle_approved", "write_in_soon"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What a moderator did to a writer's piece. */
export const NOTIFIED_MODERATION_ACTIONS = ["hidden", "restored", "deleted"] as const;
export type NotifiedModerationAction = (typeof NOTIFIED_MODERATION_ACTIONS)[number];

/**
 * The stored data of each kind: only what the message needs beyond the piece, whose name is read
 * with the notification (a deleted piece's name is kept, as it was, in `piece`).
 */
export type NotificationData =
  | { kind: "comment"; by: string }
  | { kind: "pick" }
  | { kind: "achievement"; achievement: AchievementType; year: number }
  | { kind: "moderation"; action: NotifiedModerationAction; reason: string | null; piece?: string }
  | { kind: "likes" }
  | { kind: "circle_joined"; by: string }
  | { kind: "circle_prompt"; date: string }
  | { kind: "circle_pieces" }
  | { kind: "circle_request"; by: string }
  | { kind: "circle_approved" }
  | { kind: "write_in_soon"; writeInId: string; title: string };

const quoted = (piece: string) => `'${piece}'`;

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
/** "Monday, March 3, 2031" for a YYYY-MM-DD date, as the spec writes dates (a date has no time zone). */
const longDate = (date: string) => `${WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]}, ${formatLongDate(date)}`;

/**
 * The sentence shown for a notification about the piece named `piece` (or, for a circle's, the
 * circle named `piece`: issue 29 item 8); `count` is how many likes (or new pieces) a batch holds.
 */
export function notificationText(data: NotificationData, piece: string, count = 1): string {
  switch (data.kind) {
    case "comment":
      return `${data.by} commented on ${quoted(piece)}`;
    case "pick":
      return `${quoted(piece)} was featured as an Editors' Pick`;
    case "achievement":
      return `You reached ${ACHIEVEMENT_NAMES[data.achievement]} (${data.year})`;
    case "moderation": {
      const done = { hidden: "was hidden by a moderator", restored: "is visible again: a moderator restored it", deleted: "was deleted by a moderator" }[data.action];
      return `${quoted(data.piece ?? piece)} ${done}${data.reason ? `. Reason: ${data.reason}` : ""}`;
    }
    case "likes":
      return count === 1 ? `1 person liked ${quoted(piece)}` : `${count} people liked ${quoted(piece)}`;
    case "circle_joined":
      return `${data.by} joined ${piece}`;
    case "circle_prompt":
      return `${piece} has its own prompt for ${longDate(data.date)}`;
    case "circle_pieces":
      return count === 1 ? `1 new piece in ${piece}` : `${count} new pieces in ${piece}`;
    case "circle_request":
      return `${data.by} asks to join ${piece}`;
    case "circle_approved":
      return `You were let into ${piece}`;
    case "write_in_soon":
      return `${quoted(data.title)} starts in 10 minutes`;
  }
}
