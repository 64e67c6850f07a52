import type { Signature } from "#shared/domain/author.ts";
import { useId, useState, type ReactNode } from "react";
import type { PromptAnswer, PublishAudience } from "../hooks/use-submit-piece.ts";
import type { DraftScope } from "../lib/storage.ts";
import { countWords } from "#shared/domain/words.ts";
import type { WritingPage as Page } from "#shared/domain/writing-session.ts";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { useWritingFlow } from "../hooks/use-writing-flow.ts";
import { SaveState } from "../offline/save-state.tsx";
import { DraftConflictAlert } from "./draft-conflict-alert.tsx";
import { JoinModal } from "./join-modal.tsx";
import { PromptHeading } from "./prompt-heading.tsx";
import { PublishForm } from "./publish-form.tsx";
import { SaveForm } from "./save-form.tsx";
import { SuccessView } from "./success-view.tsx";
import { WritingBar } from "./writing-bar.tsx";
import { WritingEditor } from "./writing-editor.tsx";
import { FocusControls, FocusPrompt } from "../focus/focus-controls.tsx";
import { useFocusMode } from "../focus/use-focus-mode.ts";

/**
 * The distraction-free writing page (spec §2 /write and /freewrite, §4): the prompt, a title,
 * the text, publish and save, the word count and the countdown. What it does is useWritingFlow's;
 * this lays it out.
 */
export function WritingPage({
  page,
  afterSuccess,
  renderAudience,
  renderPromptChoice,
  scope,
  signature,
}: {
  page: Page;
  /** How the publish form first signs the piece (a write-in's: as its writer joined, so an anonymous seat is not named by a default). */
  signature?: Signature;
  /** A write-in's own slots for the draft and the writing session (its route seeds the session): /write's stay untouched. */
  scope?: DraftScope;
  /** A signed-in writer's choice of another prompt than today's (a circle's, issue 29), under the prompt: the route's; nothing without it. */
  renderPromptChoice?: (answer: PromptAnswer | null, onChange: (next: PromptAnswer | null) => void) => ReactNode;
  /** Shown under the thanks (the route's reminder offer). */
  afterSuccess?: ReactNode;
  /** The publish form's "Share with" choice (the route's circles), shown while the form is open; nothing without it. */
  renderAudience?: (audience: PublishAudience, onChange: (next: PublishAudience) => void) => ReactNode;
}) {
  useDocumentTitle(page === "write" ? "Write" : "Freewrite", "One prompt, ten minutes of writing.");
  const [answer, setAnswer] = useState<PromptAnswer | null>(null);
  const flow = useWritingFlow(page, answer, scope, signature);
  const { me, state, text, busy } = flow;
  const noticeId = useId();
  const focus = useFocusMode();

  if (state.view === "saved" || state.view === "published") {
    return (
      <div className="mx-auto w-full max-w-2xl px-4">
        <SuccessView kind={state.view} pieceId={state.publishedId} onWriteAgain={flow.writeAgain}>
          {afterSuccess}
        </SuccessView>
      </div>
    );
  }

  const empty = !text.content.trim();
  const form = { title: text.title, onTitle: text.setTitle, busy, error: state.formError, onCancel: flow.closeForm, formRef: flow.holdOpen };
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col px-4 pt-4 sm:pt-8">
      <FocusControls focus={focus} />
      <FocusPrompt focus={focus}>
        <PromptHeading page={page} loading={flow.today.isPending} today={answer ?? flow.today.data} />
        {me && renderPromptChoice?.(answer, setAnswer)}
      </FocusPrompt>
      {text.draft.conflict && <DraftConflictAlert conflict={text.draft.conflict} onKeepMine={text.draft.keepMine} onTakeTheirs={text.draft.takeTheirs} />}
      <WritingEditor
        title={text.title}
        onTitle={text.setTitle}
        content={text.content}
        onContent={text.setContent}
        describedBy={state.notice ? noticeId : undefined}
        focusText={state.publishedId !== null}
      />
      <SaveState {...flow.saveState} />
      <WritingBar
        notice={state.notice}
        noticeId={noticeId}
        timerFailed={flow.sessionFailed}
        words={countWords(text.content)}
        disabled={empty || busy}
        onPress={flow.press}
        left={flow.left}
        admin={flow.admin}
      />
      <JoinModal action={state.joinAction} page={page} onClose={flow.closeJoin} />
      {me && (
        <>
          <SaveForm open={state.view === "save-form"} page={page} {...form} onSubmit={() => flow.submit("save")} />
          <PublishForm
            open={state.view === "publish-form"}
            me={me}
            {...form}
            signature={flow.signature}
            onSignature={flow.setSignature}
            contentWarning={flow.contentWarning}
            onContentWarning={flow.setContentWarning}
            audience={flow.audience}
            audienceChoice={state.view === "publish-form" ? renderAudience?.(flow.audience, flow.setAudience) : null}
            onSubmit={() => flow.submit("publish")}
          />
        </>
      )}
    </div>
  );
}
