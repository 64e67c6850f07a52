import { DEFAULT_MIN_WRITING_SECONDS, TIMER_TEXT_AFTER_SECONDS } from "../constants.ts";
import type { Signature } from "./author.ts";

/**
 * The rules of a writing session, shared so the timer on the page and the server's refusal
 * agree to the second. Pure: times are arguments.
 */
export type WritingAction = "save" | "publish";
export type WritingPage = "write" | "freewrite";

/** A writing session counts for a day at most: a token minted long ago cannot stand for writing now. */
export const WRITING_SESSION_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The user-facing words of the writing flow (spec §2, §5, §8). */
export const WRITING_MESSAGES = {
  emptySave: "Please write something before saving",
  emptyPublish: "Please write something before publishing",
  noPrompt: "No prompt available",
  noFreewritePrompt: "Unable to get or create a prompt for freewrite session",
  badSignature: "You can only sign with your registered name, your alias, or as Anonymous.",
  badSession: "This writing session is not valid. Reload the page to start a new one; your text is kept.",
  spentSession: "This writing session has already been used for a piece. Keep writing: the next piece needs its own time.",
  saveSuccess: "Nice work, you just got better at writing.",
  publishSuccess: "Thanks for sharing. It's brave, and we appreciate it.",
  linkCopied: "Share link copied to clipboard!",
  saveTimedOut: "Save timed out. Please check your connection and try again.",
  publishTimedOut: "Publish timed out. Please check your connection and try again.",
} as const;

/** Whole seconds still to write (never negative), counting up to the next second. */
export function secondsLeft(startedAtMs: number, nowMs: number, minSeconds: number): number {
  const elapsedMs = Math.max(0, nowMs - startedAtMs);
  return Math.max(0, Math.ceil(minSeconds - elapsedMs / 1000));
}

/** "9:05", "0:00" */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** The last seconds in which the timer shows its time as text (600 s timer: after 595 s elapsed). */
export const TIMER_TEXT_LAST_SECONDS = DEFAULT_MIN_WRITING_SECONDS - TIMER_TEXT_AFTER_SECONDS;

/** The clock icon hides the time until the final seconds; then, and at zero, the time is text. */
export function timerShowsText(left: number): boolean {
  return left <= TIMER_TEXT_LAST_SECONDS;
}

/** "10 minutes", "1 minute", "90 seconds" */
export function durationWords(seconds: number): string {
  if (seconds > 0 && seconds % 60 === 0) {
    const m = seconds / 60;
    return `${m} ${m === 1 ? "minute" : "minutes"}`;
  }
  return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
}

/** A session that started before (or as) the writer's last piece was saved: that piece used its minutes. */
export function usedUpSessionMessage(action: WritingAction, minSeconds: number): string {
  const verb = action === "save" ? "saving" : "publishing";
  return `This writing session was used up by your last piece. Keep writing: ${verb} unlocks after ${durationWords(minSeconds)} of writing.`;
}

/**
 * A restore refused (issue 24 item 1): the trashed piece and a piece its writer has now were
 * written in one window of writing, so they cannot both stand. `forAdmin`: an admin restores it.
 */
export function sameSessionRestoreMessage(minSeconds: number, forAdmin = false): string {
  const whose = forAdmin ? "another of its writer's pieces" : "another of your pieces";
  const where = forAdmin ? "its writer's trash: they can delete the other piece and restore this one" : "your trash: delete the other piece to restore this one";
  return `This piece and ${whose} were written in the same ${durationWords(minSeconds)} of writing, and one writing session makes one piece. It stays in ${where}.`;
}

/** A session older than WRITING_SESSION_MAX_AGE_MS. */
export function expiredSessionMessage(action: WritingAction, minSeconds: number): string {
  const verb = action === "save" ? "saving" : "publishing";
  const hours = WRITING_SESSION_MAX_AGE_MS / 3_600_000;
  return `This writing session started more than ${hours} hours ago and has expired. Keep writing: ${verb} unlocks after ${durationWords(minSeconds)} of writing in a new session.`;
}

/** "Keep writing: saving unlocks after 10 minutes of writing (3:20 to go)." */
export function tooSoonMessage(action: WritingAction, left: number, minSeconds: number): string {
  const verb = action === "save" ? "saving" : "publishing";
  return `Keep writing: ${verb} unlocks after ${durationWords(minSeconds)} of writing (${formatClock(left)} to go).`;
}

export type SignatureResult = { ok: true; signature: Signature } | { ok: false; message: string };

/**
 * How a published piece is signed (spec §5): the registered name, the writer's current alias
 * (only when they have one) or Anonymous; empty counts as Anonymous. Anything else is refused
 * on /write and falls back to Anonymous on /freewrite.
 */
export function resolveSignature(requested: string | null | undefined, page: WritingPage, alias: string | null | undefined): SignatureResult {
  const value = (requested ?? "").trim();
  if (value === "" || value === "anonymous") return { ok: true, signature: "anonymous" };
  if (value === "name") return { ok: true, signature: "name" };
  if (value === "alias" && (alias ?? "").trim()) return { ok: true, signature: "alias" };
  if (page === "freewrite") return { ok: true, signature: "anonymous" };
  return { ok: false, message: WRITING_MESSAGES.badSignature };
}
