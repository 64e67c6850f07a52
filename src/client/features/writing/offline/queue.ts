import type { Signature } from "#shared/domain/author.ts";
import type { WritingAction, WritingPage } from "#shared/domain/writing-session.ts";
import type { SubmissionResponse } from "#shared/schemas/writing.ts";

/**
 * The offline queue (issue 16 item 2): a save or publish pressed without a connection waits on
 * the device, with everything its request says, and is sent when the connection returns. Pure:
 * the store (IndexedDB in the browser, offline/queue-store.ts) and the lock between tabs (Web
 * Locks) are handed in, so the rules are tested without a browser.
 */
export interface QueuedPiece {
  /** The request's idempotency key, and the item's id: however often it is sent, one piece. */
  key: string;
  /** Whose it is (a user id): only their own signed-in tabs send it. */
  owner: string;
  page: WritingPage;
  /**
   * The draft scope it was written in (the page's own, or a write-in's: "write-in-<id>"): only a
   * page of that scope sends it. Absent (queued before scopes): the page's own.
   */
  scope?: string | undefined;
  action: WritingAction;
  title: string;
  content: string;
  signature: Signature;
  contentWarning: string | null;
  /** Publish only (issue 29): whether the community sees it, and the circles it goes to (absent on items queued before circles). */
  community?: boolean | undefined;
  circles?: string[] | undefined;
  /** null when the page never learnt it (opened offline): asked for when sending. */
  promptId: string | null;
  /** The writing session's token; "" when the page had none yet (it starts at the first moment online). */
  writingSession: string;
  /** When that session started, on this browser's clock (ms), or null. */
  sessionStartedAt: number | null;
  queuedAt: number;
  /** The server refused it, and why: shown with the text back in the editor, then the item goes. */
  refused?: string | undefined;
}

/**
 * Whether a waiting piece is this page's to send: its writer's, queued on this page, in this draft
 * scope. A write-in's page sends only what was queued in that write-in, and /write never sends a
 * write-in's: each waits for its own page, under its own writing session.
 */
export function queuedHere(item: Pick<QueuedPiece, "owner" | "page" | "scope">, owner: string, page: WritingPage, scope: string): boolean {
  return item.owner === owner && item.page === page && (item.scope ?? item.page) === scope;
}

export interface QueueStore {
  all(): Promise<QueuedPiece[]>;
  get(key: string): Promise<QueuedPiece | undefined>;
  put(item: QueuedPiece): Promise<void>;
  remove(key: string): Promise<void>;
}

/** Runs `run` holding the lock `name`, or answers null at once when another tab holds it. */
export type TryLock = <T>(name: string, run: () => Promise<T>) => Promise<T | null>;

/** What one try at sending gave: the piece, a refusal to show (4xx), or try again later (no connection, server trouble). */
export type SendResult = { kind: "sent"; response: SubmissionResponse } | { kind: "refused"; message: string } | { kind: "retry" };

export interface DrainResult {
  sent: { item: QueuedPiece; response: SubmissionResponse }[];
  refused: QueuedPiece[];
  /** Items still waiting (to be tried again later). */
  waiting: number;
}

export const lockName = (key: string) => `inkwell-queue:${key}`;

/**
 * Sends the waiting items `mine` picks, one at a time, each under its own lock so two tabs never
 * send the same item at once (the server's idempotency key is the line behind it). An item is
 * read again under the lock: another tab may have sent it meanwhile. Sent items are removed;
 * refused ones are marked with the reason (the page shows it, then removes them).
 */
export async function drainQueue(store: QueueStore, tryLock: TryLock, send: (item: QueuedPiece) => Promise<SendResult>, mine: (item: QueuedPiece) => boolean): Promise<DrainResult> {
  const result: DrainResult = { sent: [], refused: [], waiting: 0 };
  const items = (await store.all()).filter((i) => mine(i) && !i.refused).sort((a, b) => a.queuedAt - b.queuedAt);
  for (const item of items) {
    const outcome = await tryLock(lockName(item.key), async () => {
      const still = await store.get(item.key);
      if (!still || still.refused) return null;
      const res = await send(still);
      if (res.kind === "sent") {
        await store.remove(still.key);
        result.sent.push({ item: still, response: res.response });
      } else if (res.kind === "refused") {
        const marked = { ...still, refused: res.message };
        await store.put(marked);
        result.refused.push(marked);
      }
      return res;
    });
    // Held by another tab (it is sending it now), or no connection: still waiting as far as this tab knows.
    if (outcome === null || outcome.kind === "retry") result.waiting++;
    // No connection: the rest would fail the same way.
    if (outcome?.kind === "retry") {
      result.waiting += items.length - items.indexOf(item) - 1;
      break;
    }
  }
  return result;
}

const sameText = (a: QueuedPiece, b: QueuedPiece) =>
  a.action === b.action && a.content === b.content && a.title === b.title && a.signature === b.signature && a.contentWarning === b.contentWarning &&
  a.community === b.community && String(a.circles) === String(b.circles);

/**
 * Puts `item` in the queue unless the same piece already waits there, and answers the one that
 * waits. Pressed again after a reload, the same text keeps its first key (one piece, however often
 * it is pressed); changed text under the same writing session replaces the waiting version (a
 * session makes one piece, so both could never go out). Other pieces of the page stay.
 */
export async function enqueue(store: QueueStore, item: QueuedPiece): Promise<QueuedPiece> {
  const rivals = (await store.all()).filter((i) => queuedHere(i, item.owner, item.page, item.scope ?? item.page) && !i.refused && i.key !== item.key);
  const twin = rivals.find((i) => sameText(i, item) && i.writingSession === item.writingSession);
  if (twin) return twin;
  for (const i of rivals) if (i.writingSession && i.writingSession === item.writingSession) await store.remove(i.key);
  await store.put(item);
  return item;
}

const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/** How long to wait before the `n`th retry (0-based): 2 s, 4 s, 8 s ... at most a minute. */
export const retryDelay = (n: number) => Math.min(RETRY_FIRST_MS * 2 ** n, RETRY_MAX_MS);
