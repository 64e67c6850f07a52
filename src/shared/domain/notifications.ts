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

/**
 * The stored data of each kind: only what the message needs beyond the piece, whose name is read
 * with the notification (a deleted piece's name is kept, as it was, in `piece`).
 */
export type NotificationData =
  | { kind: "comment"; by: string }
  | { kind: "pick" }
  | { kind: "achievement"; achievement: AchievementType; year: number }
  | { kind: "moderation"; action: NotifiedModerationAction; reason: string | null; piece?: string }
  | { kind: "likes" };

const quoted = (piece: string) => `'${piece}'`;

/** The sentence shown for a notification about the piece named `piece`; `count` is how many likes a batch holds. */
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
  }
}
