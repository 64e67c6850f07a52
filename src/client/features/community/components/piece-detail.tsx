import { Link, useNavigate } from "react-router";
import { formatLongDate, wordsLabel } from "#shared/domain/format.ts";
import { markupToPlainText } from "#shared/domain/markup.ts";
import { namedByPrompt, pieceName } from "#shared/domain/piece-name.ts";
import { COMMUNITY_MESSAGES } from "#shared/domain/community.ts";
import { ContentWarning } from "#client/components/ui/content-warning.tsx";
import { Markup } from "#client/components/ui/markup.tsx";
import { ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { Button, LinkButton } from "#client/components/ui/button.tsx";
import { ApiError, errorMessage } from "#client/lib/api-client.ts";
import { useCommunityPiece } from "../api/get-community-piece.ts";
import { streakNote } from "../lib/labels.ts";
import { BlockWriterButton } from "./block-writer-button.tsx";
import { CommentSection, type RenderReport } from "./comment-section.tsx";
import { FeaturedBadge } from "./featured-badge.tsx";
import { LikeButton } from "./like-button.tsx";

/**
 * The like button of a public piece shown outside the community (the piece page), in step with
 * the community's own: it reads the piece's like state from the same query. Nothing while that
 * loads, or when the piece is not public.
 */
export function CommunityLikeButton({
  id,
  signedIn,
  onSignInNeeded,
  className,
}: {
  id: string;
  signedIn: boolean;
  onSignInNeeded: () => void;
  className?: string;
}) {
  const query = useCommunityPiece(id);
  if (!query.data) return null;
  return <LikeButton piece={query.data} signedIn={signedIn} onSignInNeeded={onSignInNeeded} className={className} />;
}

/** The open piece: back link, full text, like, comments (and delete, when `onDelete` is given: admins). */
export function PieceDetail({
  id,
  backHref,
  onBack,
  signedIn,
  onSignInNeeded,
  next,
  onDelete,
  renderReport,
  backLabel = "Back to Community",
}: {
  id: string;
  backHref: string;
  /** The back link's words: where the piece was opened from (a circle opens it too). */
  backLabel?: string;
  onBack: (e: React.MouseEvent) => void;
  signedIn: boolean;
  onSignInNeeded: () => void;
  next: string;
  onDelete?: (piece: { id: string; title: string }) => void;
  renderReport?: RenderReport;
}) {
  const query = useCommunityPiece(id);
  const navigate = useNavigate();
  const back = (
    <Link to={backHref} onClick={onBack} className="inline-flex min-h-11 items-center gap-1 text-sm text-muted hover:text-accent">
      <span aria-hidden="true">←</span> {backLabel}
    </Link>
  );
  if (query.isPending) return <div>{back}<LoadingState label="Loading..." /></div>;
  if (query.isError) {
    const gone = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div>
        {back}
        <ErrorState
          title={gone ? COMMUNITY_MESSAGES.pieceNotFound : undefined}
          message={gone ? "It may have been deleted." : errorMessage(query.error)}
          action={
            <LinkButton to={backHref} onClick={onBack}>
              {backLabel}
            </LinkButton>
          }
        />
      </div>
    );
  }
  const piece = query.data;
  const streak = streakNote(piece.author);
  const prompt = piece.prompt.kind === "freewrite" ? "Freewrite" : markupToPlainText(piece.prompt.text, "prompt");
  const title = pieceName(piece.title, piece.prompt);
  return (
    <div>
      {back}
      <article className="mt-6">
        {!namedByPrompt(piece.title, piece.prompt) && <p className="mb-4 font-serif italic leading-relaxed text-muted">{prompt}</p>}
        <h1 className="font-serif text-3xl leading-tight sm:text-4xl">{title}</h1>
        <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
          <span className="font-medium text-ink">{piece.author.label}</span>
          {streak && <span>· {streak}</span>}
          <span aria-hidden="true">·</span>
          <time dateTime={piece.createdAt}>{formatLongDate(piece.createdAt)}</time>
          <span aria-hidden="true">·</span>
          <span>{wordsLabel(piece.wordCount)}</span>
          {piece.isFeatured && <FeaturedBadge />}
        </p>
        <ContentWarning warning={piece.contentWarning} className="mt-8">
          <Markup text={piece.content} className="mt-8 font-serif text-lg leading-relaxed text-ink" />
        </ContentWarning>
        <div className="mt-8 flex items-center gap-2 text-sm text-muted">
          <LikeButton piece={piece} signedIn={signedIn} onSignInNeeded={onSignInNeeded} className="-ml-2" />
          {renderReport && !piece.isMine && <span className="ml-auto">{renderReport("piece", piece.id, `piece ${title}`)}</span>}
          {signedIn && !piece.isMine && <BlockWriterButton target={{ pieceId: piece.id }} label={piece.author.label} onBlocked={() => navigate(backHref)} />}
          {onDelete && (
            <Button variant="text" className="ml-auto hover:text-danger" onClick={() => onDelete({ id: piece.id, title })}>
              delete
            </Button>
          )}
        </div>
      </article>
      <CommentSection pieceId={piece.id} fallbackCount={piece.commentCount} signedIn={signedIn} next={next} renderReport={renderReport} commentsOff={piece.commentsOff} />
    </div>
  );
}
