import { useId, useState, type FormEvent } from "react";
import type { PromptKind } from "#shared/domain/prompt-choice.ts";
import { useNavigate } from "react-router";
import { MAX_TITLE_LENGTH } from "#shared/constants.ts";
import { PORTFOLIO_MESSAGES } from "#shared/domain/portfolio.ts";
import { paths } from "#client/config/paths.ts";
import { Button, LinkButton } from "#client/components/ui/button.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { Markup } from "#client/components/ui/markup.tsx";
import { ErrorState, FormMessage, LoadingState } from "#client/components/ui/states.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { ApiError } from "#client/lib/api-client.ts";
import { usePiece } from "../api/get-piece.ts";
import { useUpdatePrivateVersion } from "../api/update-private-version.ts";
import { useUnsavedGuard } from "../hooks/use-unsaved-guard.ts";
import { ownVersion } from "./piece-reader.tsx";
import { UnsavedChangesDialog } from "./unsaved-changes-dialog.tsx";

/** The edit page's failure wording (spec §8 "Edit save failure"). */
export function editSaveError(err: unknown): string {
  if (err instanceof ApiError && err.isTimeout) return PORTFOLIO_MESSAGES.editTimeout;
  if (err instanceof Error && err.message) return `Save failed: ${err.message}`;
  return PORTFOLIO_MESSAGES.editSaveDefault;
}

function EditForm({ initialTitle, initialContent, id, promptText, promptKind }: { id: string; initialTitle: string; initialContent: string; promptText: string; promptKind: PromptKind }) {
  const navigate = useNavigate();
  const toast = useToast();
  const save = useUpdatePrivateVersion();
  const [content, setContent] = useState(initialContent);
  const [title, setTitle] = useState(initialTitle);
  const [modalOpen, setModalOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const textareaId = useId();
  const noteId = useId();
  const dirty = (content !== initialContent || title !== initialTitle) && !save.isSuccess;
  // A writer's text is never lost: leaving (cancel, a link, closing the tab) asks first.
  const { blocker, allowLeave } = useUnsavedGuard(dirty);

  const blank = !content.trim();
  const openModal = (e: FormEvent) => {
    e.preventDefault();
    if (blank || save.isPending) return;
    setError(null);
    setModalOpen(true);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (blank || save.isPending) return;
    setError(null);
    save.mutate(
      { id, title: title.trim() || null, content },
      {
        onSuccess: () => {
          toast.success(PORTFOLIO_MESSAGES.editSaved);
          allowLeave();
          navigate(paths.profile.href());
        },
        onError: (err) => setError(editSaveError(err)),
      },
    );
  };

  return (
    <>
      <section aria-labelledby="editing-prompt" className="rounded-lg border border-line bg-card p-4">
        <h2 id="editing-prompt" className="text-sm font-medium text-muted">
          Editing your response to:
        </h2>
        <div className="mt-2 font-serif text-lg leading-snug">{promptKind === "freewrite" ? <p>{promptText}</p> : <Markup text={promptText} mode="prompt" />}</div>
      </section>
      <p id={noteId} className="mt-4 text-sm text-muted">
        Changes will only be saved to your portfolio, not the community version.
      </p>
      <form onSubmit={openModal} className="mt-6 flex flex-col gap-4">
        <label htmlFor={textareaId} className="sr-only">
          Your writing
        </label>
        <textarea
          id={textareaId}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          placeholder="Start writing here..."
          aria-describedby={noteId}
          className="min-h-[55vh] w-full resize-y rounded-md border border-line bg-paper p-4 font-serif text-lg leading-relaxed text-ink focus:border-accent"
        />
        {error && !modalOpen && <FormMessage tone="error">{error}</FormMessage>}
        <div className="flex items-center justify-end gap-2">
          <LinkButton to={paths.profile.href()} variant="text">
            cancel
          </LinkButton>
          <Button type="submit" variant="text" disabled={blank || save.isPending}>
            {save.isPending ? "saving..." : "save changes"}
          </Button>
        </div>
      </form>
      <Dialog open={modalOpen} onClose={() => !save.isPending && setModalOpen(false)} title="Save your changes">
        <form onSubmit={submit} className="flex flex-col gap-4">
          <p className="text-muted">Your changes will be saved privately to your portfolio.</p>
          <Field label="Title" optional value={title} maxLength={MAX_TITLE_LENGTH} placeholder="Give your piece a title..." onChange={(e) => setTitle(e.target.value)} />
          {error && <FormMessage tone="error">{error}</FormMessage>}
          <div className="flex justify-end gap-3">
            <Button variant="text" onClick={() => setModalOpen(false)} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" disabled={blank || save.isPending}>
              {save.isPending ? "Saving..." : "Save Changes"}
            </Button>
          </div>
        </form>
      </Dialog>
      <UnsavedChangesDialog open={blocker.state === "blocked"} onStay={() => blocker.reset?.()} onDiscard={() => blocker.proceed?.()} />
    </>
  );
}

/** /edit/{postId}: loads only the writer's own piece. */
export function EditPiece({ id }: { id: string }) {
  const { data: piece, isPending, isError, error } = usePiece(id);
  const backToProfile = (
    <LinkButton to={paths.profile.href()} variant="secondary">
      Back to Profile
    </LinkButton>
  );
  if (isPending) return <LoadingState label="loading your writing..." />;
  const missing = (isError && error instanceof ApiError && error.status === 404) || (piece && !piece.isOwner);
  if (missing) return <ErrorState title={PORTFOLIO_MESSAGES.editNotFound} action={backToProfile} />;
  if (isError || !piece) return <ErrorState title="Oops, something went wrong" message={error?.message} action={backToProfile} />;
  const own = ownVersion(piece);
  return <EditForm id={piece.id} initialTitle={own.title ?? ""} initialContent={own.content} promptText={piece.prompt.text} promptKind={piece.prompt.kind} />;
}
