import { useRef } from "react";
import type { Signature } from "#shared/domain/author.ts";
import { needsNewSession, submitFailureMessage, type SubmitFailure } from "#shared/domain/submit-errors.ts";
import { secondsLeft, tooSoonMessage, WRITING_MESSAGES, type WritingAction, type WritingPage } from "#shared/domain/writing-session.ts";
import type { SubmissionResponse } from "#shared/schemas/writing.ts";
import { ApiError, errorMessage } from "#client/lib/api-client.ts";
import { getMe } from "#client/lib/get-me.ts";
import { useCreateSubmission } from "../api/create-submission.ts";
import { attemptFor, type Attempt } from "../lib/request-key.ts";
import type { Owner, StoredSession } from "../lib/storage.ts";
import type { QueuedPiece, SendResult } from "../offline/queue.ts";
import { enqueuePiece } from "../offline/queue-store.ts";

const NO_TIMER = "Could not start the writing timer. Please check your connection and try again.";

/** The piece in the form. */
export interface PieceToSend {
  title: string;
  content: string;
  signature: Signature;
  /** Publish only: a content warning shown before the text (issue 13 item 6); blank for none. */
  contentWarning?: string;
  /** Publish only: where it goes (issue 29); the community alone when not given. */
  audience?: PublishAudience;
}

/** Where a published piece goes: the community, circles the writer is in, or both (POST /api/submissions' `community` and `circles`). */
export interface PublishAudience {
  community: boolean;
  circles: string[];
  /** Fixed by the prompt answered (a circle's, to that circle alone): the form shows it and offers no other. */
  locked?: boolean;
}

/** A prompt the writer chose to answer instead of the site's (a circle's, issue 29), and where a piece on it goes. */
export interface PromptAnswer {
  prompt: { id: string; text: string; author: string | null };
  audience: PublishAudience;
}

/** How a save or publish ended: made, waiting on the device for the connection, the writer turned out to be signed out, or refused (with what to show). */
export type SubmitOutcome =
  | { kind: "done"; response: SubmissionResponse }
  | { kind: "queued" }
  | { kind: "signed-out" }
  | { kind: "refused"; message: string };

interface Options {
  page: WritingPage;
  /** The draft scope (a write-in's, or the page's own): a piece queued offline is sent only from a page of the same scope. */
  scope: string;
  owner: Owner;
  /** Admins write without the wait and without a writing session of their own. */
  admin: boolean;
  writing: { session: StoredSession | null; ensure: () => Promise<StoredSession | null>; renew: () => Promise<unknown> };
  promptId: () => Promise<string | null>;
  /** The prompt's id when the page already knows it (offline, nothing is asked). */
  knownPromptId: string | null;
}

const failureOf = (err: unknown): SubmitFailure => (err instanceof ApiError ? err : { code: "unknown", message: errorMessage(err) });
const offline = () => typeof navigator !== "undefined" && navigator.onLine === false;
/** The request never reached the server: the piece waits on the device (issue 16 item 2). A time-out is said as before. */
const unreachable = (err: unknown) => err instanceof ApiError && err.status === 0 && err.code === "network";
/** Worth another try later: no connection, a time-out, the server in trouble, or signed out for now. */
const tryLater = (err: unknown) => err instanceof ApiError && (err.status === 0 || err.status === 401 || err.status >= 500);

/**
 * Sends a piece: checks the writing time on this browser's clock first (the server checks it
 * again), finds the prompt, and saves or publishes it with an idempotency key that a retry of
 * the same attempt keeps. Without a connection the piece is queued on the device, key and all,
 * and `sendQueued` sends it later under the same rules. Never throws: the outcome says what the
 * page should do.
 */
export function useSubmitPiece({ page, scope, owner, admin, writing, promptId, knownPromptId }: Options) {
  const createSubmission = useCreateSubmission();
  const attempt = useRef<Attempt | null>(null);

  const send = async (action: WritingAction, piece: PieceToSend): Promise<SubmitOutcome> => {
    const refused = (failure: SubmitFailure): SubmitOutcome => ({ kind: "refused", message: submitFailureMessage(action, failure) });
    let queue: QueuedPiece | null = null;
    try {
      // Offline, nothing is asked of the server: the session and the prompt are what the page has.
      const away = offline();
      const s = admin || away ? writing.session : await writing.ensure();
      if (!admin) {
        if (!s && !away) return refused({ code: "network", message: NO_TIMER });
        const left = s ? secondsLeft(s.startedAtLocal, Date.now(), s.minSeconds) : 0;
        if (s && left > 0) return { kind: "refused", message: tooSoonMessage(action, left, s.minSeconds) };
      }
      const pid = away ? knownPromptId : await promptId();
      if (!pid && !away) return refused({ code: "no_prompt", message: page === "freewrite" ? WRITING_MESSAGES.noFreewritePrompt : WRITING_MESSAGES.noPrompt });
      const signature: Signature = action === "publish" ? piece.signature : "name";
      const contentWarning = action === "publish" ? piece.contentWarning?.trim() || null : null;
      const { community = true, circles = [] } = action === "publish" ? (piece.audience ?? {}) : {};
      // Whose it is counts too: another writer's attempt is never theirs to retry.
      attempt.current = attemptFor(attempt.current, JSON.stringify([owner, action, piece.content, piece.title, signature, contentWarning, pid, s?.token, community, circles]));
      const key = attempt.current.key;
      const title = piece.title.trim();
      queue = { key, owner, page, scope, action, title, content: piece.content, signature, contentWarning, community, circles, promptId: pid, writingSession: s?.token ?? "", sessionStartedAt: s?.startedAtLocal ?? null, queuedAt: Date.now() };
      if (away || !pid) return await queued(queue);
      const response = await createSubmission.mutateAsync({ content: piece.content, title: title || null, promptId: pid, action, signature, page, writingSession: s?.token ?? "", idempotencyKey: key, contentWarning, community, circles });
      attempt.current = null;
      return { kind: "done", response };
    } catch (err) {
      if (queue && unreachable(err)) return queued(queue);
      // Signed out meanwhile (the session expired): the page sends the writer to sign in again.
      if (err instanceof ApiError && err.status === 401) return { kind: "signed-out" };
      const failure = failureOf(err);
      if (needsNewSession(failure)) void writing.renew();
      return refused(failure);
    }
  };

  const queued = async (item: QueuedPiece): Promise<SubmitOutcome> => {
    try {
      await enqueuePiece(item);
      return { kind: "queued" };
    } catch {
      return { kind: "refused", message: submitFailureMessage(item.action, { code: "network", message: "Could not reach the server. Please check your connection and try again." }) };
    }
  };

  /** One try at a queued piece, under the rules of a fresh one: a session started at the first moment online if it had none. */
  const sendQueued = async (item: QueuedPiece): Promise<SendResult> => {
    try {
      // The browser may have changed hands meanwhile (signed out and in as someone else in another
      // tab): a waiting piece goes out only under the account that wrote it, and waits for them.
      if ((await getMe())?.id !== item.owner) return { kind: "retry" };
      const token = item.writingSession || (admin ? writing.session : await writing.ensure())?.token || "";
      const pid = item.promptId ?? (await promptId());
      if ((!token && !admin) || !pid) return { kind: "retry" };
      const { key, action, signature, contentWarning, content, community = true, circles = [] } = item;
      const input = { content, title: item.title || null, promptId: pid, action, signature, page, writingSession: token, idempotencyKey: key, contentWarning, community, circles };
      return { kind: "sent", response: await createSubmission.mutateAsync(input) };
    } catch (err) {
      if (tryLater(err)) return { kind: "retry" };
      const failure = failureOf(err);
      if (needsNewSession(failure)) void writing.renew();
      return { kind: "refused", message: submitFailureMessage(item.action, failure) };
    }
  };

  return { send, sendQueued };
}
