import { useEffect, useState } from "react";
import type { WritingAction } from "#shared/domain/writing-session.ts";

/** What the writer reads when a piece waits for the connection (issue 16 item 2: the UI is honest about it). */
export const QUEUED_MESSAGES: Record<WritingAction, string> = {
  publish: "Will publish when you're back online.",
  save: "Will save when you're back online.",
};

export interface SaveStateProps {
  /** When the draft last landed on the device (after a pause in typing), or null. */
  savedAt: number | null;
  online: boolean;
  /** A piece of this page waits in the queue: what it will do. */
  queued: WritingAction | null;
  /** A queued piece went through. */
  sent: { action: WritingAction; at: number } | null;
}

/** How often "· 2 min ago" is brought up to date: calmly. */
const TICK_MS = 30_000;

/** "just now", "2 min ago", "3 h ago". */
export function ago(ms: number): string {
  const min = Math.floor(ms / 60_000);
  if (min < 1) return "just now";
  if (min < 60) return `${min} min ago`;
  return `${Math.floor(min / 60)} h ago`;
}

/** The line's words, the state that matters most first. */
export function saveStateText({ savedAt, online, queued, sent }: SaveStateProps): string {
  if (queued) return queued === "publish" ? "Publishing when back online" : "Saving when back online";
  if (sent && (savedAt === null || sent.at >= savedAt)) return sent.action === "publish" ? "Published" : "Saved";
  if (!online) return "Offline — saved on this device";
  return savedAt === null ? "" : "Saved on this device";
}

/**
 * The save state under the editor (issue 16 item 3). It changes when the draft lands on the device
 * (once per pause in typing), never per keystroke, and is read out politely. The "· 2 min ago"
 * that follows is for the eye only, so the passing minutes are not announced.
 */
export function SaveState(props: SaveStateProps) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, [props.savedAt]);
  const text = saveStateText(props);
  const showAgo = text === "Saved on this device" && props.savedAt !== null;
  return (
    <p role="status" aria-live="polite" className="mt-2 min-h-5 truncate font-sans text-xs text-muted">
      {text}
      {showAgo && <span aria-hidden="true"> · {ago(Math.max(0, now - props.savedAt!))}</span>}
    </p>
  );
}
