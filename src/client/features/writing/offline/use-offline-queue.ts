import { useCallback, useEffect, useRef, useState } from "react";
import type { WritingPage } from "#shared/domain/writing-session.ts";
import type { SubmissionResponse } from "#shared/schemas/writing.ts";
import { VISITOR, type Owner } from "../lib/storage.ts";
import { drainQueue, queuedHere, retryDelay, type QueuedPiece, type SendResult } from "./queue.ts";
import { idbQueueStore, onQueueChange, queueChanged, webLock } from "./queue-store.ts";

interface Options {
  page: WritingPage;
  /** The draft scope of this page (a write-in's, or the page's own): only its waiting pieces are this page's. */
  scope: string;
  owner: Owner;
  send: (item: QueuedPiece) => Promise<SendResult>;
  /** A waiting piece went through (sent by this tab: with the server's answer; by another tab: null). */
  onSent: (item: QueuedPiece, response: SubmissionResponse | null) => void;
  /** The server refused a waiting piece: the page shows why and gives the text back; the item goes afterwards. */
  onRefused: (item: QueuedPiece) => void;
}

/**
 * The writer's waiting pieces for this page, sent when the connection returns: when the page
 * loads, on the browser's `online` event, and again after a failed try (2 s, 4 s, ... a minute).
 * `waiting` is what the save state shows.
 */
export function useOfflineQueue({ page, scope, owner, send, onSent, onRefused }: Options) {
  const [waiting, setWaiting] = useState<QueuedPiece[]>([]);
  /**
   * Every piece this page has shown as waiting, not only what it shows now: another tab may send a
   * piece and this page reread the queue (finding it gone) before that tab's message arrives, and
   * the page must still say the piece went (and let its text go). Entries stay for the page's life,
   * one per piece queued while it is open.
   * What this tab is refused never comes back in another tab's message; what it sends does not
   * either while Web Locks keep a piece to one tab. Without them (old browsers) both tabs may send
   * it: the server's key makes it one piece, and a tab may say twice that it went (onSent again:
   * "Published" and the timer renewed once more; it lets go of no text but the very text sent).
   * Left open: a reread that began before the other tab sent and ends after its message misses it.
   * `clearTimeout` below is the global one (the same as window's), for /write's byte budget.
   */
  const shown = useRef(new Map<unknown, QueuedPiece>());
  const running = useRef(false);
  const again = useRef(false);
  const tries = useRef(0);
  const retry = useRef<number | undefined>(undefined);
  // The page's latest callbacks (they read its current text).
  const calls = useRef({ send, onSent, onRefused });
  calls.current = { send, onSent, onRefused };
  const mine = useCallback((i: QueuedPiece) => queuedHere(i, owner, page, scope), [owner, page, scope]);

  const refresh = useCallback(async () => {
    try {
      const now = (await idbQueueStore.all()).filter((i) => mine(i) && !i.refused);
      setWaiting(now);
      for (const i of now) shown.current.set(i.key, i);
    } catch {
      setWaiting([]);
    }
  }, [mine]);

  const drain = useCallback(async (): Promise<void> => {
    if (owner === VISITOR) return;
    if (running.current) {
      again.current = true;
      return;
    }
    running.current = true;
    window.clearTimeout(retry.current);
    try {
      // Refusals another tab marked but never showed (it closed first) are shown here.
      const left = (await idbQueueStore.all()).filter((i) => mine(i) && i.refused);
      const result = navigator.onLine ? await drainQueue(idbQueueStore, webLock, (i) => calls.current.send(i), mine) : { sent: [], refused: [], waiting: 1 };
      for (const s of result.sent) calls.current.onSent(s.item, s.response);
      for (const item of [...left, ...result.refused]) {
        calls.current.onRefused(item);
        await idbQueueStore.remove(item.key);
      }
      if (result.sent.length || result.refused.length || left.length) queueChanged(result.sent.map((s) => s.item.key));
      if (result.waiting > 0 && navigator.onLine) retry.current = window.setTimeout(() => void drain(), retryDelay(tries.current++));
      else tries.current = 0;
    } catch {
      // IndexedDB unavailable: nothing was queued either.
    } finally {
      running.current = false;
    }
    await refresh();
    if (again.current) {
      again.current = false;
      await drain();
    }
  }, [owner, mine, refresh]);

  useEffect(() => {
    void drain();
    const onOnline = () => {
      tries.current = 0;
      void drain();
    };
    window.addEventListener("online", onOnline);
    const stop = onQueueChange((sentElsewhere) => {
      // Another tab sent what this one shows as waiting: this page says so too (and lets its text go).
      for (const key of sentElsewhere) {
        const item = shown.current.get(key);
        // Only while it is still this page's (not after another writer signed in here, say).
        if (item && mine(item)) calls.current.onSent(item, null);
      }
      void refresh();
    });
    return () => {
      window.removeEventListener("online", onOnline);
      clearTimeout(retry.current);
      stop();
    };
  }, [drain, refresh, mine]);

  /** After this tab queued a piece: try it again soon (a failed request is not always the browser being offline). */
  const queued = useCallback(() => {
    void refresh();
    window.clearTimeout(retry.current);
    if (navigator.onLine) retry.current = window.setTimeout(() => void drain(), retryDelay(tries.current++));
  }, [drain, refresh]);

  return { waiting, queued };
}
