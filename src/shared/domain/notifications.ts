import { ACHIEVEMENT_NAMES, type AchievementType } from "./achievements.ts";

/*
 * In-app notifications (issue 14 item 6): what a writer is told, and in which words. The
 * server stores only what these messages need; the words are made here, once, for the list,
 * and for the email digest later.
 */

export const NOTIFICATION_KINDS = ["comment", "pick", "achievement", "moderation", "likes"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What a moderator did to a writer's piece. */
export const NOTIFIED_MODERATION_ACTIONS = ["hidden", "restored", "deleted"] as const;
export type NotifiedModerationAction = (typeof NOTIFIED_MODERATION_ACTIONS)[number];

/** The stored data of each kind (the piece's name is kept as it was named then). */
export type NotificationData =
  | { kind: "comment"; piece: string; by: string }
  | { kind: "pick"; piece: string }
  | { kind: "achievement"; achievement: AchievementType; year: number }
  | { kind: "moderation"; piece: string; action: NotifiedModerationAction; reason: string | null }
  | { kind: "likes"; piece: string };

const quoted = (piece: string) => `'${piece}'`;

/** The sentence shown for a notification; `count` is how many likes a batch holds. */
export function notificationText(data: NotificationData, count = 1): string {
  switch (data.kind) {
    case "comment":
      return `${data.by} commented on ${quoted(data.piece)}`;
    case "pick":
      return `${quoted(data.piece)} was featured as an Editors' Pick`;
    case "achievement":
      return `You reached ${ACHIEVEMENT_NAMES[data.achievement]} (${data.year})`;
    case "moderation": {
      const done = { hidden: "was hidden by a moderator", restored: "is visible again: a moderator restored it", deleted: "was deleted by a moderator" }[data.action];
      return `${quoted(data.piece)} ${done}${data.reason ? `. Reason: ${data.reason}` : ""}`;
    }
    case "likes":
      return count === 1 ? `1 person liked ${quoted(data.piece)}` : `${count} people liked ${quoted(data.piece)}`;
  }
}
