import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { DOUBLE_CLICK_GUARD_MS, STREAK_REFRESH_TIMEOUT_MS } from "#shared/constants.ts";
import { achievementLabel } from "#shared/domain/achievements.ts";
import type { Signature } from "#shared/domain/author.ts";
import { toggleWrap } from "#shared/domain/editor.ts";
import { countWords } from "#shared/domain/words.ts";
import { secondsLeft, tooSoonMessage, WRITING_MESSAGES, type WritingAction, type WritingPage as Page } from "#shared/domain/writing-session.ts";
import type { SubmissionResponse } from "#shared/schemas/writing.ts";
import { paths } from "#client/config/paths.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Markup } from "#client/components/ui/markup.tsx";
import { authorLine } from "#shared/domain/markup.ts";
import { useToast } from "#client/components/ui/toast.tsx";
import { useConfig } from "#client/lib/get-config.ts";
import { meQueryKey, useMe } from "#client/lib/get-me.ts";
import { ApiError, errorMessage } from "#client/lib/api-client.ts";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { createSubmission } from "../api/create-submission.ts";
import { getFreewritePromptQueryOptions, getTodayPromptQueryOptions } from "../api/get-prompt.ts";
import { useDraft } from "../hooks/use-draft.ts";
import { useSecondsLeft } from "../hooks/use-seconds-left.ts";
import { useWritingSession } from "../hooks/use-writing-session.ts";
import { readPending, restoreText, VISITOR, writePending, type Owner } from "../lib/storage.ts";
import { CountdownTimer } from "./countdown-timer.tsx";
import { JoinModal } from "./join-modal.tsx";
import { PublishForm } from "./publish-form.tsx";
import { SaveForm } from "./save-form.tsx";
import { SuccessView } from "./success-view.tsx";

/** Back from sign-up with a pending action: the form opens after this pause (spec §9). */
const PENDING_RESTORE_DELAY_MS = 100;
/** Refusals whose message already says what to do: shown as they are, without "Save failed:". */
const SELF_EXPLAINING = new Set([
  "writing_time_not_met",
  "invalid_writing_session",
  "writing_session_spent",
  "writing_session_used_up",
  "writing_session_expired",
]);
/** Refusals after which this page needs a new writing session. */
const NEEDS_NEW_SESSION = new Set(["invalid_writing_session", "writing_session_spent", "writing_session_used_up", "writing_session_expired"]);

type View = "editing" | "save-form" | "publish-form" | "saved" | "published";

/** A uuid for the idempotency key (crypto.randomUUID needs a secure context; this does not). */
function newRequestKey(): string {
  if (typeof crypto.randomUUID === "function" && window.isSecureContext) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function failureMessage(action: WritingAction, err: unknown): string {
  if (err instanceof ApiError && err.isTimeout) return action === "save" ? WRITING_MESSAGES.saveTimedOut : WRITING_MESSAGES.publishTimedOut;
  if (err instanceof ApiError && SELF_EXPLAINING.has(err.code)) return err.message;
  return `${action === "save" ? "Save" : "Publish"} failed: ${errorMessage(err)}`;
}

/**
 * The distraction-free writing page (spec §2 /write and /freewrite, §4): the prompt, a title,
 * the text, publish and save, the word count and the countdown. The server decides; this page
 * mirrors its rules and never loses the writer's text.
 */
export function WritingPage({ page }: { page: Page }) {
  useDocumentTitle(page === "write" ? "Write" : "Freewrite", "One prompt, ten minutes of writing.");
  const { data: me = null } = useMe();
  const { data: config } = useConfig();
  const queryClient = useQueryClient();
  const toast = useToast();
  const today = useQuery({ ...getTodayPromptQueryOptions(), enabled: page === "write" });
  const freewrite = useQuery({ ...getFreewritePromptQueryOptions(), enabled: page === "freewrite" });

  // Whose text is on this page: the signed-in writer, or a visitor. What the browser keeps is
  // stamped with it, and only the owner's own (or a visitor's) text is ever brought back.
  const here: Owner = me?.id ?? VISITOR;
  const [owner, setOwner] = useState<Owner>(here);
  /** The server said this writer's session ended (401): their text waits for them to sign in again. */
  const signedOutMidWriting = useRef(false);

  const [initial] = useState(() => restoreText(page, owner));
  const [title, setTitle] = useState(initial.title);
  const [content, setContent] = useState(initial.content);
  const adopt = useCallback((t: { title: string; content: string }) => {
    setTitle(t.title);
    setContent(t.content);
  }, []);
  const draft = useDraft(page, owner, { title, content }, adopt);
  const flushDraft = draft.flush;

  const { session, failed: sessionFailed, ensure, renew } = useWritingSession(page, owner);
  const left = useSecondsLeft(session);
  const admin = me?.isAdmin ?? false;

  const [view, setView] = useState<View>("editing");
  const [joinAction, setJoinAction] = useState<WritingAction | null>(null);
  const [signature, setSignature] = useState<Signature>("name");
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [publishedId, setPublishedId] = useState<string | null>(null);

  const inFlight = useRef(false);
  const lastPress = useRef(0);
  const lastSubmit = useRef(0);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const pendingSelection = useRef<[number, number] | null>(null);
  const noticeId = useId();

  const empty = !content.trim();
  const words = countWords(content);

  // The writing time is up: the "keep writing" notice has done its job.
  useEffect(() => {
    if (left === 0) setNotice(null);
  }, [left]);

  // Someone else signed in or out (in another tab): a visitor's text carries over to the writer
  // who signs in; a writer's text leaves the screen (it stays stored for them) unless their own
  // session just ran out here and they are on their way back.
  useEffect(() => {
    if (here === owner) {
      signedOutMidWriting.current = false;
      return;
    }
    if (owner === VISITOR) {
      setOwner(here);
      return;
    }
    if (signedOutMidWriting.current && here === VISITOR) return;
    flushDraft();
    signedOutMidWriting.current = false;
    attempt.current = null;
    setOwner(here);
    setTitle("");
    setContent("");
    setView("editing");
    setJoinAction(null);
    setNotice(null);
    setFormError(null);
  }, [here, owner, flushDraft]);

  // Back from sign-up or sign-in with a pending action: open its form after a short pause.
  useEffect(() => {
    if (!me) return;
    const pending = readPending(page, owner);
    if (!pending) return;
    const timer = window.setTimeout(() => {
      writePending(page, null);
      if (!pending.content.trim()) return;
      setFormError(null);
      setView(pending.action === "save" ? "save-form" : "publish-form");
    }, PENDING_RESTORE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [me, page, owner]);

  // Keep the selection where the shortcut left it.
  useLayoutEffect(() => {
    const sel = pendingSelection.current;
    if (sel && textarea.current) {
      textarea.current.setSelectionRange(sel[0], sel[1]);
      pendingSelection.current = null;
    }
  }, [content]);

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
    const key = e.key.toLowerCase();
    if (key !== "i" && key !== "b") return;
    e.preventDefault();
    const el = e.currentTarget;
    const next = toggleWrap({ value: el.value, selectionStart: el.selectionStart, selectionEnd: el.selectionEnd }, key === "b" ? "**" : "*");
    pendingSelection.current = [next.selectionStart, next.selectionEnd];
    setContent(next.value);
  };

  /** publish / save pressed on the page. */
  const press = (action: WritingAction) => {
    const now = Date.now();
    if (now - lastPress.current < DOUBLE_CLICK_GUARD_MS) return;
    lastPress.current = now;
    if (empty || inFlight.current) return;
    if (!me) {
      // The text, title and action wait in this tab while the writer signs up (the session is already kept).
      writePending(page, { action, title, content, owner });
      setJoinAction(action);
      return;
    }
    if (!admin && session && left !== null && left > 0) {
      setNotice(tooSoonMessage(action, left, session.minSeconds));
      return;
    }
    setNotice(null);
    setFormError(null);
    setView(action === "save" ? "save-form" : "publish-form");
  };

  /** A form stays open while its request is in flight, so its outcome is always seen. */
  const closeForm = () => {
    if (inFlight.current) return;
    setView("editing");
  };

  const closeJoin = () => {
    writePending(page, null);
    setJoinAction(null);
  };

  const promptId = page === "write" ? today.data?.prompt.id ?? null : freewrite.data?.id ?? null;

  async function currentPromptId(): Promise<string | null> {
    if (promptId) return promptId;
    if (page === "write") return (await today.refetch()).data?.prompt.id ?? null;
    return (await freewrite.refetch()).data?.id ?? null;
  }

  const refreshAfterWriting = () => {
    // The streak (5 s at most, a failure is ignored); everything else is marked stale.
    void Promise.race([
      queryClient.invalidateQueries({ queryKey: meQueryKey }),
      new Promise((resolve) => setTimeout(resolve, STREAK_REFRESH_TIMEOUT_MS)),
    ]).catch(() => undefined);
    void queryClient.invalidateQueries({ predicate: (q) => !["me", "config", "prompts"].includes(String(q.queryKey[0])), refetchType: "none" });
  };

  const succeed = (action: WritingAction, res: SubmissionResponse) => {
    draft.clear();
    writePending(page, null);
    setContent("");
    setTitle("");
    attempt.current = null;
    setPublishedId(res.submission.id);
    setView(action === "save" ? "saved" : "published");
    void renew();
    refreshAfterWriting();
    for (const a of res.achievements) toast.success(`New achievement: ${achievementLabel(a.achievementType, a.year)}`, 5000);
  };

  const submit = async (action: WritingAction) => {
    if (inFlight.current) return;
    const now = Date.now();
    if (now - lastSubmit.current < DOUBLE_CLICK_GUARD_MS) return;
    lastSubmit.current = now;
    if (!content.trim()) {
      setFormError(action === "save" ? WRITING_MESSAGES.emptySave : WRITING_MESSAGES.emptyPublish);
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setFormError(null);
    try {
      const s = admin ? session : await ensure();
      if (!admin) {
        if (!s) throw new ApiError(0, "network", "Could not start the writing timer. Please check your connection and try again.");
        const l = secondsLeft(s.startedAtLocal, Date.now(), s.minSeconds);
        if (l > 0) {
          setFormError(tooSoonMessage(action, l, s.minSeconds));
          return;
        }
      }
      const pid = await currentPromptId();
      if (!pid) throw new ApiError(422, "no_prompt", page === "freewrite" ? WRITING_MESSAGES.noFreewritePrompt : WRITING_MESSAGES.noPrompt);
      const sig: Signature = action === "publish" ? signature : "name";
      // The same attempt (a retry after a time-out) keeps its key, so it can only ever make one piece.
      const fingerprint = JSON.stringify([action, content, title, sig, pid, s?.token]);
      if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newRequestKey() };
      const res = await createSubmission({
        content,
        title: title.trim() || null,
        promptId: pid,
        action,
        signature: sig,
        page,
        writingSession: s?.token ?? "",
        idempotencyKey: attempt.current.key,
      });
      succeed(action, res);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        // Signed out meanwhile (the session expired): the same detour as a visitor's. The text,
        // title and action wait in this tab (the writing session is already kept) while they sign in.
        signedOutMidWriting.current = true;
        writePending(page, { action, title, content, owner });
        setFormError(null);
        setView("editing");
        setJoinAction(action);
        queryClient.setQueryData(meQueryKey, null);
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
        return;
      }
      setFormError(failureMessage(action, err));
      if (err instanceof ApiError && NEEDS_NEW_SESSION.has(err.code)) void renew();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const share = async () => {
    if (!publishedId) return;
    const url = `${config?.appUrl ?? window.location.origin}${paths.submission.href(publishedId)}`;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(WRITING_MESSAGES.linkCopied);
    } catch {
      toast.error(`Could not copy the link. Here it is: ${url}`, 8000);
    }
  };

  const writeAgain = () => {
    setView("editing");
    window.setTimeout(() => textarea.current?.focus(), 0);
  };

  if (view === "saved" || view === "published") {
    return (
      <div className="mx-auto w-full max-w-2xl px-4">
        <SuccessView kind={view} onShare={() => void share()} onWriteAgain={writeAgain} />
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col px-4 pt-4 sm:pt-8">
      <section aria-labelledby="writing-heading" className="mb-8">
        <h1 id="writing-heading" className="mb-3 font-sans text-xs font-medium uppercase tracking-[0.2em] text-muted">
          {page === "write" ? "Today's prompt" : "Freewrite"}
        </h1>
        {page === "write" ? (
          today.isPending ? (
            <p role="status" className="font-serif text-xl italic text-muted animate-ink-pulse">
              Loading prompt...
            </p>
          ) : (
            <>
              <Markup text={today.data?.prompt.text ?? ""} mode="prompt" className="font-serif text-xl leading-relaxed text-ink" />
              {today.data?.prompt.author && (
                <Markup text={authorLine(today.data.prompt.author)} mode="prompt" className="mt-3 font-serif text-base text-muted" />
              )}
            </>
          )
        ) : (
          <p className="font-serif text-xl leading-relaxed text-ink">No prompt, no rules. Write whatever wants to be written.</p>
        )}
      </section>

      {draft.conflict && (
        <div role="alert" className="mb-6 rounded-lg border border-accent/40 bg-accent-soft px-4 py-3 text-sm text-ink">
          <p>
            {draft.conflict.key
              ? "Another tab kept a different version of this draft. Your text here is kept until you choose."
              : "This draft was changed in another tab. Your text here is kept, and neither tab overwrites the other until you choose."}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button variant="text" className="text-base" onClick={draft.keepMine}>
              keep this version
            </Button>
            <Button variant="text" className="text-base" onClick={draft.takeTheirs}>
              load the other version
            </Button>
          </div>
        </div>
      )}

      <label htmlFor="writing-title" className="sr-only">
        Title
      </label>
      <input
        id="writing-title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        placeholder="Title (optional)"
        maxLength={200}
        autoComplete="off"
        className="w-full border-b border-transparent bg-transparent pb-2 font-serif text-2xl text-ink placeholder:text-muted/70 focus:border-line focus:outline-none focus-visible:border-accent"
      />
      <label htmlFor="writing-text" className="sr-only">
        Your writing
      </label>
      <textarea
        id="writing-text"
        ref={textarea}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Start writing here..."
        spellCheck
        aria-describedby={notice ? noticeId : undefined}
        className="mt-4 min-h-[50dvh] w-full resize-none bg-transparent font-serif text-lg leading-8 text-ink [field-sizing:content] placeholder:text-muted/70 focus:outline-none sm:text-xl sm:leading-9"
      />

      <div className="sticky bottom-0 z-10 -mx-4 mt-6 border-t border-line bg-paper px-4 pb-[max(0.5rem,env(safe-area-inset-bottom))] pt-2">
        {(notice || sessionFailed) && (
          <p id={noticeId} role="status" className="pb-1 pt-1 text-sm text-muted">
            {notice ?? "The timer could not start. Check your connection; your text is kept."}
          </p>
        )}
        <div className="flex items-center justify-between gap-2">
          <p className="font-sans text-sm tabular-nums text-muted">
            {words} {words === 1 ? "word" : "words"}
          </p>
          <div className="flex items-center gap-1 sm:gap-2">
            <Button variant="text" onClick={() => press("publish")} disabled={empty || busy}>
              publish
            </Button>
            <Button variant="text" onClick={() => press("save")} disabled={empty || busy}>
              save
            </Button>
            <CountdownTimer left={left} admin={admin} />
          </div>
        </div>
      </div>

      <JoinModal action={joinAction} page={page} onClose={closeJoin} />
      {me && (
        <>
          <SaveForm
            open={view === "save-form"}
            page={page}
            title={title}
            onTitle={setTitle}
            busy={busy}
            error={formError}
            onCancel={closeForm}
            onSubmit={() => void submit("save")}
          />
          <PublishForm
            open={view === "publish-form"}
            me={me}
            title={title}
            onTitle={setTitle}
            signature={signature}
            onSignature={setSignature}
            busy={busy}
            error={formError}
            onCancel={closeForm}
            onSubmit={() => void submit("publish")}
          />
        </>
      )}
    </div>
  );
}
