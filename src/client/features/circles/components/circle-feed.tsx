import { useMemo, type ReactNode } from "react";
import type { CommunityPiece } from "#shared/schemas/community.ts";
import { EmptyState, ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useCircleFeed } from "../api/get-circle-feed.ts";
import { LoadMore } from "./load-more.tsx";

/**
 * The pieces shared with a circle, newest first, a page at a time. Each card is the route's
 * (`renderPiece`: the community's card, composed in app/routes), so circles and the community
 * show a piece alike.
 */
export function CircleFeed({ slug, renderPiece }: { slug: string; renderPiece: (piece: CommunityPiece) => ReactNode }) {
  const feed = useCircleFeed(slug);
  const items = useMemo(() => {
    const seen = new Set<string>();
    return (feed.data?.pages ?? []).flatMap((p) => p.items).filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
  }, [feed.data]);

  if (feed.isPending) return <LoadingState label="Loading pieces..." />;
  if (feed.isError && items.length === 0) return <ErrorState message={errorMessage(feed.error)} onRetry={() => void feed.refetch()} />;
  if (items.length === 0) {
    return <EmptyState title="Nothing shared with this circle yet.">When you publish, choose this circle under "Share with".</EmptyState>;
  }
  return (
    <div>
      <ul aria-label="Pieces" className="flex flex-col gap-3">
        {items.map((piece) => (
          <li key={piece.id} className="flex">
            {renderPiece(piece)}
          </li>
        ))}
      </ul>
      <LoadMore list={feed} />
      {feed.isFetchNextPageError && (
        <p role="alert" className="mt-2 text-center text-sm text-danger">
          {errorMessage(feed.error)}
        </p>
      )}
    </div>
  );
}
