import { useEffect } from "react";
import { Navigate, useParams } from "react-router";
import { countWords } from "#shared/domain/words.ts";
import { paths } from "#client/config/paths.ts";
import { LoadingState } from "#client/components/ui/states.tsx";
import { useMe } from "#client/lib/get-me.ts";
import { WriteInSessionPage, type EditorSlot } from "#client/features/write-ins/session/session-page.tsx";
import { WritingPage } from "#client/features/writing/components/writing-page.tsx";
import type { PromptAnswer, PublishAudience } from "#client/features/writing/hooks/use-submit-piece.ts";
import { readDraft, writeStoredSession } from "#client/features/writing/lib/storage.ts";
import { DraftsReady } from "#client/features/writing/offline/drafts-ready.tsx";
import { AfterPublishSlot } from "./after-publish-slot.tsx";
import { renderAudience } from "./audience-slot.tsx";

/**
 * The writing page answers the write-in's prompt: chosen for it through its prompt slot as it
 * opens (the page's own choice of prompt, as a circle's prompt is chosen on /write), with where a
 * piece goes (a circle's write-in: that circle alone).
 */
function WriteInPrompt({ answer, chosen, onChange }: { answer: PromptAnswer; chosen: PromptAnswer | null; onChange: (next: PromptAnswer) => void }) {
  useEffect(() => {
    if (chosen?.prompt.id !== answer.prompt.id) onChange(answer);
  }, [answer, chosen, onChange]);
  return null;
}

function WriteInEditor({ scope, prompt, circleId, editorKey, signature }: EditorSlot) {
  if (!prompt.id) return null;
  const audience: PublishAudience = circleId ? { community: false, circles: [circleId], locked: true } : { community: true, circles: [] };
  const answer: PromptAnswer = { prompt: { id: prompt.id, text: prompt.text, author: prompt.author }, audience };
  return (
    <WritingPage
      key={editorKey}
      page="write"
      scope={scope}
      signature={signature}
      afterSuccess={<AfterPublishSlot />}
      renderPromptChoice={(chosen, onChange) => <WriteInPrompt answer={answer} chosen={chosen} onChange={onChange} />}
      renderAudience={circleId ? renderAudience : undefined}
    />
  );
}

/**
 * /write-ins/:id/write (issue 30 items 2–3): a write-in's live session, composed of the write-ins
 * feature (joining, the server's clock, counts, the panel) and the writing feature's page, which
 * keeps this write-in's draft and session in slots of their own (/write's stay untouched).
 * Visitors sign in first and come back here.
 */
export function Component() {
  const { id = "" } = useParams();
  const { data: me, isPending } = useMe();
  if (isPending) return <LoadingState label="Loading the write-in..." />;
  if (!me) return <Navigate to={paths.signin.href(paths.writeInSession.href(id))} replace />;
  return (
    <DraftsReady>
      <WriteInSessionPage
        id={id}
        alias={me.alias}
        readWords={(scope) => countWords(readDraft(scope, me.id)?.content ?? "")}
        seedSession={(scope, s) => writeStoredSession(scope, { ...s, owner: me.id })}
        renderEditor={(slot) => <WriteInEditor {...slot} />}
      />
    </DraftsReady>
  );
}
