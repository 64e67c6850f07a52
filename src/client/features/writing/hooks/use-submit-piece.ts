import { useRef } from "react";
import type { Signature } from "#shared/domain/author.ts";
import { needsNewSession, submitFailureMessage, type SubmitFailure } from "#shared/domain/submit-errors.ts";
import { secondsLeft, tooSoonMessage, WRITING_MESSAGES, type WritingAction, type WritingPage } from "#shared/domain/writing-session.ts";
import type { SubmissionResponse } from "#shared/schemas/writing.ts";
import { ApiError, errorMessage } from "#client/lib/api-client.ts";
import { useCreateSubmission } from "../api/create-submission.ts";
import { attemptFor, type Attempt } from "../lib/request-key.ts";
import type { Owner, StoredSession } from "../lib/storage.ts";

const NO_TIMER = "Could not start the writing timer. Please check your connection and try again.";

/** The piece in the form. */
export interface PieceToSend {
  title: string;
  content: string;
  signature: Signature;
  /** Publish only: a content warning shown before the text (issue 13 item 6); blank for none. */
  contentWarning?: string;
}

/** How a save or publish ended: made, the writer turned out to be signed out, or refused (with what to show). */
export type SubmitOutcome = { kind: "done"; response: SubmissionResponse } | { kind: "signed-out" } | { kind: "refused"; message: string };

interface Options {
  page: WritingPage;
  owner: Owner;
  /** Admins write without the wait and without a writing session of their own. */
  admin: boolean;
  writing: { session: StoredSession | null; ensure: () => Promise<StoredSession | null>; renew: () => Promise<unknown> };
  promptId: () => Promise<string | null>;
}

const failureOf = (err: unknown): SubmitFailure => (err instanceof ApiError ? err : { code: "unknown", message: errorMessage(err) });

/**
 * Sends a piece: checks the writing time on this browser's clock first (the server checks it
 * again), finds the prompt, and saves or publishes it with an idempotency key that a retry of
 * the same attempt keeps. Never throws: the outcome says what the page should do.
 */
export function useSubmitPiece({ page, owner, admin, writing, promptId }: Options) {
  const createSubmission = useCreateSubmission();
  const attempt = useRef<Attempt | null>(null);

  return async (action: WritingAction, piece: PieceToSend): Promise<SubmitOutcome> => {
    const refused = (failure: SubmitFailure): SubmitOutcome => ({ kind: "refused", message: submitFailureMessage(action, failure) });
    try {
      const s = admin ? writing.session : await writing.ensure();
      if (!admin) {
        if (!s) return refused({ code: "network", message: NO_TIMER });
        const left = secondsLeft(s.startedAtLocal, Date.now(), s.minSeconds);
        if (left > 0) return { kind: "refused", message: tooSoonMessage(action, left, s.minSeconds) };
      }
      const pid = await promptId();
      if (!pid) return refused({ code: "no_prompt", message: page === "freewrite" ? WRITING_MESSAGES.noFreewritePrompt : WRITING_MESSAGES.noPrompt });
      const signature: Signature = action === "publish" ? piece.signature : "name";
      const contentWarning = action === "publish" ? piece.contentWarning?.trim() || null : null;
      // Whose it is counts too: another writer's attempt is never theirs to retry.
      attempt.current = attemptFor(attempt.current, JSON.stringify([owner, action, piece.content, piece.title, signature, contentWarning, pid, s?.token]));
      const response = await createSubmission.mutateAsync({
        content: piece.content,
        title: piece.title.trim() || null,
        promptId: pid,
        action,
        signature,
        page,
        writingSession: s?.token ?? "",
        idempotencyKey: attempt.current.key,
        contentWarning,
      });
      attempt.current = null;
      return { kind: "done", response };
    } catch (err) {
      // Signed out meanwhile (the session expired): the page sends the writer to sign in again.
      if (err instanceof ApiError && err.status === 401) return { kind: "signed-out" };
      const failure = failureOf(err);
      if (needsNewSession(failure)) void writing.renew();
      return refused(failure);
    }
  };
}
