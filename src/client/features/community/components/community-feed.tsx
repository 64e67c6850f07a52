import { useEffect, useMemo, useRef } from "react";
import { COMMUNITY_FEED_LIMIT } from "#shared/constants.ts";
import type { FeedParams } from "#shared/domain/community.ts";
import type { CommunityPiece } from "#shared/schemas/community.ts";
import { Button } from "#client/components/ui/button.tsx";
import { EmptyState, ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useCommunityFeed } from "../api/get-community-feed.ts";
import { isFiltered } from "../lib/feed-params.ts";
import { useNow } from "../lib/use-now.ts";
import type { ViewMode } from "../lib/use-view-mode.ts";
import type { RenderReport } from "./comment-section.tsx";
import { PieceCard } from "./piece-card.tsx";

/** "3 new pieces — show": new pieces wait here instead of moving the feed under the reader. */
function NewPiecesBar({ count, onShow }: { count: number; onShow: () => void }) {
  return (
    <div className="pointer-events-none sticky top-3 z-20 flex justify-center">
      <div role="status" aria-live="polite">
        {count > 0 && (
          <button
            type="button"
            onClick={onShow}
            className="pointer-events-auto inline-flex min-h-11 items-center gap-2 rounded-full bg-accent px-5 text-sm font-medium text-accent-ink shadow-lg animate-ink-fade hover:opacity-90"
          >
            {count} new {count === 1 ? "piece" : "pieces"} — show
          </button>
        )}
      </div>
    </div>
  );
}

/** Loads the next page when its marker scrolls into view (the button does the same by hand). */
function useAutoLoad(enabled: boolean, load: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadRef.current();
    }, { rootMargin: "600px 0px" });
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}

export function CommunityFeed({
  params,
  mode,
  signedIn,
  newCount,
  onShowNew,
  pieceHref,
  onOpenPiece,
  onSignInNeeded,
  renderReport,
}: {
  params: FeedParams;
  mode: ViewMode;
  signedIn: boolean;
  newCount: number;
  onShowNew: () => void;
  pieceHref: (id: string) => string;
  onOpenPiece: (id: string) => void;
  onSignInNeeded: () => void;
  renderReport?: RenderReport;
}) {
  const feed = useCommunityFeed(params);
  const now = useNow();
  const items = useMemo(() => {
    const seen = new Set<string>();
    const out: CommunityPiece[] = [];
    for (const page of feed.data?.pages ?? []) {
      for (const item of page.items) {
        if (seen.has(item.id)) continue;
        seen.add(item.id);
        out.push(item);
      }
    }
    return out;
  }, [feed.data]);
  const canLoadMore = Boolean(feed.hasNextPage) && !feed.isFetchingNextPage && !feed.isError;
  const sentinel = useAutoLoad(canLoadMore, () => void feed.fetchNextPage());

  if (feed.isPending) {
    return (
      <div>
        <LoadingState label="Loading community..." className="pb-2" />
        <p className="text-center text-sm text-muted">Getting latest submissions...</p>
      </div>
    );
  }
  if (feed.isError && items.length === 0) {
    return (
      <ErrorState
        message={errorMessage(feed.error)}
        onRetry={() => void feed.refetch()}
      />
    );
  }

  const switching = feed.isPlaceholderData || (feed.isFetching && !feed.isFetchingNextPage);
  return (
    <div>
      <NewPiecesBar count={newCount} onShow={onShowNew} />
      <p role="status" aria-live="polite" className="min-h-6 text-center text-sm text-muted">
        {switching ? "Getting latest submissions..." : ""}
      </p>
      {items.length === 0 ? (
        <EmptyState title="No responses found">
          {params.q ? `No responses match "${params.q}". Try a different search.` : "No responses match your current filters."}
        </EmptyState>
      ) : (
        <>
          <ul
            aria-label="Responses"
            className={`transition-opacity ${switching && feed.isPlaceholderData ? "opacity-60" : ""} ${
              mode === "grid" ? "grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" : "mx-auto flex max-w-2xl flex-col gap-3"
            }`}
          >
            {items.map((piece) => (
              <li key={piece.id} className="flex">
                <PieceCard
                  piece={piece}
                  mode={mode}
                  now={now}
                  href={pieceHref(piece.id)}
                  onOpen={() => onOpenPiece(piece.id)}
                  signedIn={signedIn}
                  onSignInNeeded={onSignInNeeded}
                  renderReport={renderReport}
                />
              </li>
            ))}
          </ul>
          <div ref={sentinel} className="mt-8 flex justify-center">
            {feed.hasNextPage ? (
              <Button variant="text" onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
                {feed.isFetchingNextPage ? "loading..." : "show more"}
              </Button>
            ) : (
              items.length >= COMMUNITY_FEED_LIMIT && (
                <p className="text-center text-sm text-muted">
                  These are the {COMMUNITY_FEED_LIMIT} newest {isFiltered(params) ? "matching responses" : "responses"}. Search or choose a prompt to find older ones.
                </p>
              )
            )}
          </div>
          {feed.isFetchNextPageError && <p role="alert" className="mt-2 text-center text-sm text-danger">{errorMessage(feed.error)}</p>}
        </>
      )}
    </div>
  );
}
