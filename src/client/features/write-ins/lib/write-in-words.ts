import type { WriteInState } from "#shared/domain/write-ins.ts";

/* The write-ins' words beside the server's (WRITE_IN_MESSAGES), and what a writer may do in each state (decision 017). */

const count = (n: number) => n.toLocaleString("en-US");
const words = (n: number) => `${count(n)} ${n === 1 ? "word" : "words"}`;

export const STATE_LABELS: Record<WriteInState, string> = {
  upcoming: "Upcoming",
  open: "Open to join",
  live: "Live",
  ended: "Ended",
  canceled: "Canceled",
};

export const comingLabel = (n: number) => `${count(n)} coming`;

/** A list's count: who is coming until the start, who joined after it; nothing for a canceled one. */
export function countLabel(w: { state: WriteInState; coming: number; joined: number }): string | null {
  if (w.state === "canceled") return null;
  return canRsvp(w.state) ? comingLabel(w.coming) : `${count(w.joined)} joined`;
}

/** "18 showed up · 6,420 words" */
export const resultsLine = (joined: number, totalWords: number) => `${count(joined)} showed up · ${words(totalWords)}`;

/** "You wrote 412 words" */
export const youWroteLabel = (n: number) => `You wrote ${words(n)}`;

export const wordsLabel = words;

/** "3 wrote anonymously" */
export const anonymousLabel = (n: number) => `${count(n)} wrote anonymously`;

/** Saying one is coming: until the start (the server answers 409 after). */
export const canRsvp = (state: WriteInState) => state === "upcoming" || state === "open";

/** Joining: from ten minutes before the start; a first join until half-time, a rejoin until the end. */
export function canJoin(w: { state: WriteInState; lateJoinUntil: string; joinedByMe: boolean }, now: number): boolean {
  if (w.state === "open") return true;
  if (w.state !== "live") return false;
  return w.joinedByMe || now < Date.parse(w.lateJoinUntil);
}

/** Cancelling: its managers, before it starts. */
export const canCancel = (w: { canManage: boolean; state: WriteInState }) => w.canManage && canRsvp(w.state);
