import { useEffect, useRef } from "react";
import { formatLongDate, wordsLabel } from "#shared/domain/format.ts";
import type { PieceView } from "#shared/schemas/portfolio.ts";
import { pieceName } from "#shared/domain/piece-name.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Markup } from "#client/components/ui/markup.tsx";
import { ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { usePiece } from "../api/get-piece.ts";
import { PieceBadge } from "./piece-badges.tsx";

/** The writer's own view of a piece: the private version when there is one. */
export function ownVersion(piece: PieceView) {
  // Once there is a private version its title is the writer's word, even when they removed it.
  const edited = piece.privateContent !== null && piece.privateContent !== undefined;
  const title = edited ? (piece.privateTitle ?? null) : piece.title;
  return {
    title,
    displayTitle: pieceName(title, piece.prompt),
    content: piece.privateContent ?? piece.content,
    wordCount: piece.privateWordCount ?? piece.wordCount,
  };
}

/** The full reader opened from the portfolio (spec §2 Profile). */
export function PieceReader({
  id,
  onBack,
  onEdit,
  onShare,
  onDelete,
}: {
  id: string;
  onBack: () => void;
  onEdit: (id: string) => void;
  onShare: (id: string) => void;
  onDelete: (piece: { id: string; title: string }) => void;
}) {
  const { data: piece, isPending, isError, error, refetch } = usePiece(id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (piece) headingRef.current?.focus();
  }, [piece]);

  const back = (
    <Button variant="ghost" onClick={onBack} className="-ml-3">
      <span aria-hidden="true">←</span> Back to Portfolio
    </Button>
  );
  if (isPending) return <LoadingState label="Loading..." />;
  if (isError || !piece)
    return (
      <div>
        {back}
        <ErrorState message={errorMessage(error)} onRetry={() => void refetch()} />
      </div>
    );
  const own = ownVersion(piece);
  return (
    <article aria-labelledby="reader-title" className="animate-ink-fade">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {back}
        {/* Only the writer can edit, share or delete: /profile?read= may name someone else's public piece. */}
        {piece.isOwner && (
          <div className="flex items-center gap-1">
            <Button variant="text" onClick={() => onEdit(piece.id)}>
              edit
            </Button>
            <Button variant="text" onClick={() => onShare(piece.id)}>
              share
            </Button>
            <Button variant="text" className="hover:text-danger" onClick={() => onDelete({ id: piece.id, title: own.displayTitle })}>
              delete
            </Button>
          </div>
        )}
      </div>
      <header className="mt-8">
        <div className="mb-3 flex flex-wrap gap-2">
          <PieceBadge>{piece.isPrivate ? "Private" : "Published"}</PieceBadge>
          {piece.edited && <PieceBadge variant="accent">Edited</PieceBadge>}
          {piece.imported && <PieceBadge>Imported</PieceBadge>}
          {piece.isFeatured && <PieceBadge variant="accent">Editors' Selection</PieceBadge>}
        </div>
        {/* The page's one h1 while reading (the portfolio's own heading is not shown). */}
        <h1 id="reader-title" ref={headingRef} tabIndex={-1} className="font-serif text-3xl leading-tight [overflow-wrap:anywhere] sm:text-4xl">
          {own.displayTitle}
        </h1>
        <p className="mt-3 text-sm text-muted">
          Written on {formatLongDate(piece.createdAt)} • {wordsLabel(own.wordCount)}
        </p>
        {piece.imported?.prompt && <p className="mt-4 border-l-2 border-line pl-4 text-sm text-muted [overflow-wrap:anywhere]">{piece.imported.prompt}</p>}
        {piece.prompt.kind !== "freewrite" && own.title && (
          <div className="mt-4 border-l-2 border-line pl-4 text-sm text-muted">
            <Markup text={piece.prompt.text} mode="prompt" />
          </div>
        )}
      </header>
      <Markup text={own.content} className="mt-8 font-serif text-lg leading-relaxed [overflow-wrap:anywhere]" />
    </article>
  );
}
