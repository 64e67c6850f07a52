import { ContentWarning } from "#client/components/ui/content-warning.tsx";
import { Markup } from "#client/components/ui/markup.tsx";
import { Link } from "react-router";
import { COMMUNITY_PROMPT_PREVIEW_MAX } from "#shared/constants.ts";
import { relativeTime, wordsLabel } from "#shared/domain/format.ts";
import { namedByPrompt, pieceName } from "#shared/domain/piece-name.ts";
import type { CommunityPiece } from "#shared/schemas/community.ts";
import { promptLabel, streakNote } from "../lib/labels.ts";
import type { ViewMode } from "../lib/use-view-mode.ts";
import { FeaturedBadge } from "./featured-badge.tsx";
import type { RenderReport } from "./comment-section.tsx";
import { LikeButton } from "./like-button.tsx";

/**
 * One response in the feed. The title is the link to the piece; its overlay makes the whole
 * card clickable while the like button stays its own control.
 */
export function PieceCard({
  piece,
  mode,
  now,
  href,
  onOpen,
  signedIn,
  onSignInNeeded,
  renderReport,
}: {
  piece: CommunityPiece;
  mode: ViewMode;
  now: Date;
  href: string;
  onOpen: () => void;
  signedIn: boolean;
  onSignInNeeded: () => void;
  renderReport?: RenderReport | undefined;
}) {
  const streak = streakNote(piece.author);
  return (
    <article
      className={`group relative flex w-full flex-col rounded-xl border border-line bg-card transition-colors hover:border-accent/50 has-[a:focus-visible]:border-accent ${
        mode === "grid" ? "p-5" : "px-5 py-4"
      }`}
    >
      {/* An untitled piece goes by its prompt: the prompt is then its name, not said twice. */}
      {!namedByPrompt(piece.title, piece.prompt) && <p className="truncate font-serif text-sm italic text-muted">{promptLabel(piece.prompt)}</p>}
      <h2 className="mt-1.5 font-serif text-xl leading-snug text-ink">
        <Link
          to={href}
          onClick={onOpen}
          state={{ fromFeed: true }}
          className="rounded-sm after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:text-accent focus-visible:outline-offset-4"
        >
          {pieceName(piece.title, piece.prompt, { promptMax: COMMUNITY_PROMPT_PREVIEW_MAX })}
        </Link>
      </h2>
      {/* The preview keeps **bold**, *italic* and line breaks (escaped by construction); "…" when the piece goes on. */}
      <ContentWarning warning={piece.contentWarning} className="mt-2">
        <Markup
          text={piece.truncated ? `${piece.preview}…` : piece.preview}
          className={`mt-2 font-serif leading-relaxed text-ink/85 ${mode === "grid" ? "line-clamp-5" : "line-clamp-3"}`}
        />
      </ContentWarning>
      <div className="mt-auto pt-4 text-sm">
        <div className="flex min-w-0 items-center gap-2">
          <span className="min-w-0 truncate font-medium text-ink">
            {piece.author.label}
            {streak && <span className="ml-1.5 font-normal text-muted">· {streak}</span>}
          </span>
          {piece.isFeatured && <FeaturedBadge />}
        </div>
        <div className="-mb-2 flex items-center gap-3 text-muted">
          <span className="whitespace-nowrap">{wordsLabel(piece.wordCount)}</span>
          <span aria-hidden="true">·</span>
          {/* Relative to the clock: the server's "5 minutes ago" may be "6 minutes ago" by hydration. */}
          <time dateTime={piece.createdAt} className="whitespace-nowrap" suppressHydrationWarning>
            {relativeTime(piece.createdAt, now)}
          </time>
          <LikeButton piece={piece} signedIn={signedIn} onSignInNeeded={onSignInNeeded} className="-mr-2 ml-auto" />
          {renderReport && !piece.isMine && <span className="relative z-10 -mr-2">{renderReport("piece", piece.id, `piece by ${piece.author.label}`)}</span>}
        </div>
      </div>
    </article>
  );
}
