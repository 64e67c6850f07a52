import { useMemo, type ReactNode } from "react";
import type { FeedParams } from "#shared/domain/community.ts";
import type { CommunityPiece } from "#shared/schemas/community.ts";
import { Button } from "#client/components/ui/button.tsx";
import { EmptyState, ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useCircleFeed } from "../api/get-circle-feed.ts";
import { LoadMore } from "./load-more.tsx";

/**
 * One view of the pieces shared with a circle (`params`: the community's filter, sort and search,
 * chosen in the route's toolbar), a page at a time, as a grid or a list. Each card is the route's
 * (`renderPiece`: the community's card, composed in app/routes), so circles and the community
 * show a piece alike. `filtered`: the view leaves pieces out, so an empty one offers `onClearFilters`.
 */
export function CircleFeed({
  slug,
  params,
  mode,
  filtered,
  onClearFilters,
  renderPiece,
}: {
  slug: string;
  params: FeedParams;
  mode: "grid" | "list";
  filtered: boolean;
  onClearFilters: () => void;
  renderPiece: (piece: CommunityPiece) => ReactNode;
}) {
  const feed = useCircleFeed(slug, params);
  const items = useMemo(() => {
    const seen = new Set<string>();
    return (feed.data?.pages ?? []).flatMap((p) => p.items).filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
  }, [feed.data]);

  if (feed.isPending) return <LoadingState label="Loading pieces..." />;
  if (feed.isError && items.length === 0) return <ErrorState message={errorMessage(feed.error)} onRetry={() => void feed.refetch()} />;
  const switching = feed.isPlaceholderData;
  return (
    <div>
      <p role="status" aria-live="polite" className="min-h-6 text-center text-sm text-muted">
        {switching ? "Looking for pieces..." : ""}
      </p>
      {items.length === 0 && filtered ? (
        <EmptyState
          title="Nothing matches"
          action={
            <Button type="button" onClick={onClearFilters}>
              Clear filters
            </Button>
          }
        >
          {params.q ? `No piece in this circle matches "${params.q}".` : "No piece in this circle matches these filters."}
        </EmptyState>
      ) : items.length === 0 ? (
        <EmptyState title="Nothing shared with this circle yet.">When you publish, choose this circle under "Share with".</EmptyState>
      ) : (
        <ul
          aria-label="Pieces"
          className={`transition-opacity ${switching ? "opacity-60" : ""} ${mode === "grid" ? "grid grid-cols-1 gap-4 sm:grid-cols-2" : "flex flex-col gap-3"}`}
        >
          {items.map((piece) => (
            <li key={piece.id} className="flex">
              {renderPiece(piece)}
            </li>
          ))}
        </ul>
      )}
      <LoadMore list={feed} />
      {feed.isFetchNextPageError && (
        <p role="alert" className="mt-2 text-center text-sm text-danger">
          {errorMessage(feed.error)}
        </p>
      )}
    </div>
  );
}
