import { MODERATION_MESSAGES } from "#shared/domain/moderation.ts";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link, Navigate } from "react-router";
import { MAX_TITLE_LENGTH, PIECE_EDIT_ERROR_MS, PIECE_EDIT_SUCCESS_MS, SOCIAL_DESCRIPTION_MAX } from "#shared/constants.ts";
import { formatLongDate, wordsLabel } from "#shared/domain/format.ts";
import { markupToPlainText, truncateText } from "#shared/domain/markup.ts";
import { PAGE_TITLE_MAX, pieceName } from "#shared/domain/piece-name.ts";
import { PORTFOLIO_MESSAGES } from "#shared/domain/portfolio.ts";
import type { PieceView } from "#shared/schemas/portfolio.ts";
import { paths } from "#client/config/paths.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { ContentWarning } from "#client/components/ui/content-warning.tsx";
import { Markup } from "#client/components/ui/markup.tsx";
import { LoadingState } from "#client/components/ui/states.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { usePiece } from "../api/get-piece.ts";
import { useUpdatePrivateVersion } from "../api/update-private-version.ts";
import { useUnsavedGuard } from "../hooks/use-unsaved-guard.ts";
import { DeletePieceDialog } from "./delete-piece-dialog.tsx";
import { PieceBadge } from "./piece-badges.tsx";
import { ownVersion } from "./piece-reader.tsx";
import { ShareLinkError, shareErrorMessage } from "./share-link-error.tsx";
import { UnsavedChangesDialog } from "./unsaved-changes-dialog.tsx";
import { PieceControlsForm } from "./piece-controls-form.tsx";
import { PieceDownloads } from "./piece-downloads.tsx";

type Notice = { tone: "success" | "error"; text: string } | null;

function InlineEditor({ piece, onDone, onSaved }: { piece: PieceView; onDone: () => void; onSaved: () => void }) {
  // What the editor opened with, kept even if the piece refetches underneath.
  const [initial] = useState(() => {
    const own = ownVersion(piece);
    return { title: own.title ?? "", content: own.content };
  });
  const [title, setTitle] = useState(initial.title);
  const [content, setContent] = useState(initial.content);
  const save = useUpdatePrivateVersion();
  const textareaId = useId();
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const dirty = (title !== initial.title || content !== initial.content) && !save.isSuccess;
  const { blocker } = useUnsavedGuard(dirty);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const cancel = () => (dirty ? setConfirmingCancel(true) : onDone());
  const stay = () => {
    setConfirmingCancel(false);
    if (blocker.state === "blocked") blocker.reset();
  };
  const discard = () => {
    if (blocker.state === "blocked") blocker.proceed();
    else {
      setConfirmingCancel(false);
      onDone();
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!content.trim() || save.isPending) return;
    setError(null);
    save.mutate(
      { id: piece.id, title: title.trim() || null, content },
      {
        onSuccess: () => onSaved(),
        onError: () => {
          setError(PORTFOLIO_MESSAGES.pieceSaveFailed);
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(() => setError(null), PIECE_EDIT_ERROR_MS);
        },
      },
    );
  };

  return (
    <>
      <form onSubmit={submit} className="mt-8 flex flex-col gap-4" aria-label="Edit your piece">
        <Field label="Title" optional value={title} maxLength={MAX_TITLE_LENGTH} onChange={(e) => setTitle(e.target.value)} placeholder="Give your piece a title..." />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={textareaId} className="text-sm font-medium">
            Your writing
          </label>
          <textarea
            id={textareaId}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            placeholder="Start writing here..."
            className="min-h-[50vh] w-full rounded-md border border-line bg-paper p-4 font-serif text-lg leading-relaxed text-ink focus:border-accent"
          />
        </div>
        {!piece.isPrivate && <p className="text-sm text-muted">Only you see these changes; the community version stays as it was.</p>}
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="text" onClick={cancel} disabled={save.isPending}>
            cancel
          </Button>
          <Button type="submit" variant="text" disabled={!content.trim() || save.isPending}>
            {save.isPending ? "saving..." : "save"}
          </Button>
        </div>
      </form>
      <UnsavedChangesDialog open={confirmingCancel || blocker.state === "blocked"} onStay={stay} onDiscard={discard} />
    </>
  );
}

/**
 * The piece page (/submission/{id}): a public piece for everyone, a private one for its owner or
 * a valid share link. Not found (or any failure) goes back to /; opened through a share link
 * that opens nothing, it says so ("Share Link Error", as /share/{token} does).
 */
export function PiecePage({
  id,
  share,
  signedIn,
  isAdmin,
  onShare,
  onDeleted,
  likes,
  footer,
}: {
  id: string;
  share: string | null;
  signedIn: boolean;
  /** Admins may delete any public piece (spec §6); the server decides, this only offers it. */
  isAdmin: boolean;
  /** Called with the piece when the reader presses Share. */
  onShare: (piece: PieceView) => void;
  /** Called once the piece is deleted (the page has nothing left to show). */
  onDeleted: () => void;
  /** The piece's like button, first in its row of actions; given the piece once loaded. */
  likes?: (piece: PieceView) => ReactNode;
  /** What follows the piece (its comments); given the piece once loaded. */
  footer?: (piece: PieceView) => ReactNode;
}) {
  // Once deleted the piece is not asked for again: its 404 must not send the reader home.
  const [deleted, setDeleted] = useState(false);
  const { data: piece, isPending, isError, error } = usePiece(id, share, { enabled: !deleted });
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const own = piece?.isOwner ? ownVersion(piece) : null;
  const displayTitle = piece ? (own?.displayTitle ?? pieceName(piece.title, piece.prompt)) : null;
  const content = piece ? (own?.content ?? piece.content) : "";
  useDocumentTitle(displayTitle && truncateText(displayTitle, PAGE_TITLE_MAX), piece ? truncateText(markupToPlainText(content), SOCIAL_DESCRIPTION_MAX) : undefined);

  if (deleted) return null;
  if (isError) return share !== null ? <ShareLinkError message={shareErrorMessage(share, error)} /> : <Navigate to={paths.home.href()} replace />;
  if (isPending || !piece) return <LoadingState label="Loading..." />;

  const words = own?.wordCount ?? piece.wordCount;
  const back = signedIn ? (
    <Link to={paths.profile.href()} className="inline-flex min-h-11 items-center gap-2 text-sm text-muted hover:text-ink">
      <span aria-hidden="true">←</span> Back to Portfolio
    </Link>
  ) : (
    <Link to={paths.home.href()} className="inline-flex min-h-11 items-center gap-2 text-sm text-muted hover:text-ink">
      <span aria-hidden="true">←</span> Back to Home
    </Link>
  );

  const saved = () => {
    setEditing(false);
    setNotice({ tone: "success", text: PORTFOLIO_MESSAGES.pieceSaved });
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setNotice(null), PIECE_EDIT_SUCCESS_MS);
  };

  return (
    <article aria-labelledby="piece-title">
      <nav aria-label="Back" className="-ml-1">
        {back}
      </nav>
      <header className="mt-6">
        <div className="mb-3 flex flex-wrap gap-2">
          {piece.isPrivate ? <PieceBadge>Private</PieceBadge> : <PieceBadge>Published</PieceBadge>}
          {piece.isOwner && !piece.isPrivate && piece.privateDiffers && <PieceBadge variant="accent">Portfolio Version</PieceBadge>}
          {piece.isFeatured && <PieceBadge variant="accent">Editor's Pick</PieceBadge>}
          {piece.hiddenReason != null && (
            <PieceBadge variant="danger">
              {MODERATION_MESSAGES.hiddenByModerators}
              {piece.hiddenReason && `: ${piece.hiddenReason}`}
            </PieceBadge>
          )}
        </div>
        <h1 id="piece-title" className="font-serif text-3xl leading-tight sm:text-4xl [overflow-wrap:anywhere]">
          {displayTitle}
        </h1>
        <p className="mt-3 text-sm text-muted [overflow-wrap:anywhere]">
          by {piece.authorLabel} • {formatLongDate(piece.createdAt)} • {wordsLabel(words)}
        </p>
        {piece.prompt.kind !== "freewrite" && (own ? own.title : piece.title) && (
          <div className="mt-4 border-l-2 border-line pl-4 text-sm text-muted">
            <Markup text={piece.prompt.text} mode="prompt" />
          </div>
        )}
      </header>

      <p role="status" className={notice ? `mt-6 text-sm ${notice.tone === "success" ? "text-success" : "text-danger"}` : "sr-only"}>
        {notice?.text ?? ""}
      </p>

      {editing && piece.isOwner ? (
        <InlineEditor piece={piece} onDone={() => setEditing(false)} onSaved={saved} />
      ) : (
        <>
          {/* Readers see the writer's content warning first; the writer sees their text (issue 13 item 6). */}
          <ContentWarning warning={piece.isOwner ? null : piece.contentWarning} className="mt-8">
            <Markup text={content} className="mt-8 font-serif text-lg leading-relaxed [overflow-wrap:anywhere]" />
          </ContentWarning>
          <div className="mt-12 flex flex-wrap items-center gap-2 border-t border-line pt-4">
            {likes?.(piece)}
            {piece.isOwner && (
              <Button variant="text" onClick={() => setEditing(true)}>
                edit
              </Button>
            )}
            {(piece.isOwner || !piece.isPrivate) && (
              <Button variant="text" onClick={() => onShare(piece)}>
                share
              </Button>
            )}
            {piece.isOwner && <PieceDownloads pieceId={piece.id} />}
            {isAdmin && !piece.isPrivate && (
              <Button variant="text" className="hover:text-danger" onClick={() => setDeleting({ id: piece.id, title: displayTitle ?? "" })}>
                delete
              </Button>
            )}
          </div>
          {piece.isOwner && !piece.isPrivate && <PieceControlsForm piece={piece} />}
        </>
      )}
      {!editing && footer?.(piece)}
      <DeletePieceDialog
        piece={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleted(true);
          onDeleted();
        }}
      />
    </article>
  );
}
