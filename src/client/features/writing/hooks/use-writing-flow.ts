import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useReducer, useState } from "react";
import { achievementLabel } from "#shared/domain/achievements.ts";
import type { Signature } from "#shared/domain/author.ts";
import { tooSoonMessage, WRITING_MESSAGES, type WritingAction, type WritingPage } from "#shared/domain/writing-session.ts";
import type { SubmissionResponse } from "#shared/schemas/writing.ts";
import { useToast } from "#client/components/ui/toast.tsx";
import { meQueryKey, useMe } from "#client/lib/get-me.ts";
import { usePagePrompt } from "../api/get-prompt.ts";
import { readPending, VISITOR, writePending, type DraftScope } from "../lib/storage.ts";
import { INITIAL_VIEW, writingView } from "../lib/writing-view.ts";
import { QUEUED_MESSAGES, type SaveStateProps } from "../offline/save-state.tsx";
import { useOfflineQueue } from "../offline/use-offline-queue.ts";
import { useOnline } from "../offline/use-online.ts";
import { useSecondsLeft } from "./use-seconds-left.ts";
import { useSubmitGuard } from "./use-submit-guard.ts";
import { useSubmitPiece, type PromptAnswer, type PublishAudience } from "./use-submit-piece.ts";
import { useWritingSession } from "./use-writing-session.ts";
import { useWritingText } from "./use-writing-text.ts";

/** Back from sign-up with a pending action: the form opens after this pause (spec §9). */
const PENDING_RESTORE_DELAY_MS = 100;
const ACHIEVEMENT_TOAST_MS = 5000;
/** A piece goes to the community unless the writer chooses circles instead (issue 29). */
const COMMUNITY_ONLY: PublishAudience = { community: true, circles: [] };

/**
 * Everything a writing page does (spec §2 /write and /freewrite, §4): the text and whose it is,
 * the writing session and its countdown, the prompt, and publish and save — pressed on the page
 * (the form opens, the visitor is asked to sign up, or the notice says how long is left), sent
 * from the form, and the page after. The server decides; this mirrors its rules and never loses
 * the writer's text. `scope`: whose slots the draft and the session take (a write-in's, not the page's).
 */
export function useWritingFlow(page: WritingPage, answer?: PromptAnswer | null, scope: DraftScope = page, firstSignature: Signature = "name") {
  const { data: me = null } = useMe();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [state, dispatch] = useReducer(writingView, INITIAL_VIEW);
  const text = useWritingText(scope, me?.id ?? VISITOR, () => dispatch({ type: "switched" }));
  const { owner, title, content } = text;
  const writing = useWritingSession(scope, owner);
  const left = useSecondsLeft(writing.session);
  // A chosen prompt (a circle's) is the one a piece answers, and decides where it goes.
  const prompt = usePagePrompt(page, answer?.prompt.id);
  const admin = me?.isAdmin ?? false;
  const { send, sendQueued } = useSubmitPiece({ page, scope, owner, admin, writing, promptId: prompt.currentId, knownPromptId: prompt.knownId });
  const guard = useSubmitGuard();
  const [signature, setSignature] = useState<Signature>(firstSignature);
  const [contentWarning, setContentWarning] = useState("");
  const [chosenAudience, setAudience] = useState<PublishAudience>(COMMUNITY_ONLY);
  const audience = answer?.audience ?? chosenAudience;
  const empty = !content.trim();
  const online = useOnline();
  const [lastSent, setLastSent] = useState<{ action: WritingAction; at: number } | null>(null);

  const celebrate = (achievements: SubmissionResponse["achievements"]) => {
    for (const a of achievements) toast.success(`New achievement: ${achievementLabel(a.achievementType, a.year)}`, ACHIEVEMENT_TOAST_MS);
  };

  // Pieces that waited on this device for the connection (issue 16 item 2).
  const queue = useOfflineQueue({
    page,
    scope,
    owner,
    send: sendQueued,
    onSent: (item, response) => {
      // The text still on screen is the piece that went: the page starts empty again.
      if (item.content === content && item.title.trim() === title.trim()) text.clear();
      setLastSent({ action: item.action, at: Date.now() });
      dispatch({ type: "notice", message: null });
      if (!item.writingSession || item.writingSession === writing.session?.token) void writing.renew();
      if (response) celebrate(response.achievements);
    },
    onRefused: (item) => {
      // The text comes back with the server's reason; over other words on the page now, it is
      // offered as a second version instead (never lost, never written over the writer's new words).
      if (empty) {
        text.setTitle(item.title);
        text.setContent(item.content);
      } else if (item.content !== content || item.title.trim() !== title.trim()) {
        text.draft.keepAside({ title: item.title, content: item.content }, item.key);
      }
      dispatch({ type: "notice", message: item.refused ?? "" });
    },
  });

  useEffect(() => {
    if (left === 0) dispatch({ type: "time-up" });
  }, [left]);

  // Back from sign-up or sign-in with a pending action: open its form after a short pause.
  useEffect(() => {
    if (!me) return;
    const pending = readPending(scope, owner);
    if (!pending) return;
    const timer = window.setTimeout(() => {
      writePending(scope, null);
      if (pending.content.trim()) dispatch({ type: "open-form", action: pending.action });
    }, PENDING_RESTORE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [me, scope, owner]);

  /** The text, title and action wait in this tab while the writer signs up or in (the writing session is already kept). */
  const detour = (action: WritingAction) => {
    writePending(scope, { action, title, content, owner });
    dispatch({ type: "join", action });
  };

  /** publish or save pressed on the page. */
  const press = (action: WritingAction) => {
    if (!guard.press("page") || empty) return;
    if (!me) return detour(action);
    if (!admin && writing.session && left !== null && left > 0) {
      dispatch({ type: "too-soon", message: tooSoonMessage(action, left, writing.session.minSeconds) });
      return;
    }
    dispatch({ type: "open-form", action });
  };

  /** The form's submit button: one request at a time, its outcome shown in the form or on the page after. */
  const submit = (action: WritingAction) => {
    if (!guard.press("form")) return;
    if (empty) {
      dispatch({ type: "form-error", message: action === "save" ? WRITING_MESSAGES.emptySave : WRITING_MESSAGES.emptyPublish });
      return;
    }
    void guard.run(async () => {
      dispatch({ type: "form-error", message: null });
      const outcome = await send(action, { title, content, signature, contentWarning, audience });
      if (outcome.kind === "refused") return dispatch({ type: "form-error", message: outcome.message });
      if (outcome.kind === "queued") {
        // The words on the device now are the words that wait, even when publish came before the pause in typing.
        text.draft.flush();
        queue.queued();
        return dispatch({ type: "notice", message: QUEUED_MESSAGES[action] });
      }
      if (outcome.kind === "signed-out") {
        // The same detour as a visitor's; the writer's text stays on screen through the sign-out.
        text.keepThroughSignOut();
        detour(action);
        queryClient.setQueryData(meQueryKey, null);
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
        return;
      }
      const { submission, achievements } = outcome.response;
      text.clear();
      setContentWarning("");
      setAudience(COMMUNITY_ONLY);
      writePending(scope, null);
      dispatch({ type: "succeeded", action, id: submission.id });
      void writing.renew();
      celebrate(achievements);
    });
  };

  /** A form stays open while its request is in flight, so its outcome is always seen. */
  const closeForm = () => {
    if (!guard.inFlight()) dispatch({ type: "close-form" });
  };

  const closeJoin = useCallback(() => {
    writePending(scope, null);
    dispatch({ type: "close-join" });
  }, [scope]);

  const writeAgain = useCallback(() => dispatch({ type: "write-again" }), []);

  const saveState: SaveStateProps = { savedAt: text.draft.savedAt, online, queued: queue.waiting[0]?.action ?? null, sent: lastSent };

  return {
    me,
    admin,
    state,
    text,
    left,
    sessionFailed: writing.failed,
    today: prompt.today,
    signature,
    setSignature,
    contentWarning,
    setContentWarning,
    audience,
    setAudience,
    busy: guard.busy,
    holdOpen: guard.holdOpen,
    press,
    submit,
    closeForm,
    closeJoin,
    writeAgain,
    saveState,
  };
}
