import { useIsFetching } from "@tanstack/react-query";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { DEFAULT_FEED_PARAMS, type FeedParams } from "#shared/domain/community.ts";
import { pieceName } from "#shared/domain/piece-name.ts";
import { circleKeys } from "#client/features/circles/api/keys.ts";
import { CircleFeed } from "#client/features/circles/components/circle-feed.tsx";
import { HiddenPieces } from "#client/features/circles/components/hidden-pieces.tsx";
import { HideFromCircle } from "#client/features/circles/components/hide-from-circle.tsx";
import { NewCirclePiecesBar } from "#client/features/circles/components/new-pieces-bar.tsx";
import type { RenderReport } from "#client/features/community/components/comment-section.tsx";
import { FeedToolbar } from "#client/features/community/components/feed-toolbar.tsx";
import { PieceCard } from "#client/features/community/components/piece-card.tsx";
import { isFiltered, readFeedParams, writeFeedParams } from "#client/features/community/lib/feed-params.ts";
import { useNow } from "#client/features/community/lib/use-now.ts";
import { useViewMode } from "#client/features/community/lib/use-view-mode.ts";
/*
 * The community's page, for the bundler alone: with it in this page's graph, Rolldown keeps the
 * toolbar with the community page's code in one chunk, as before. Without it the toolbar left
 * /community's own chunk for one shared with this page, and /community's first load grew 181 B
 * gzip, over its budget (scripts/size.ts); with it /community's shrinks about 310 B, and a circle's page
 * loads the community page's code too (about 4 KB gzip, 3 more chunks). Nothing here renders it.
 */
import "./community.tsx";

/**
 * A circle's Pieces tab: the community's toolbar (search, prompt, responses, sort, Refresh, grid or
 * list; the view in the URL as /community keeps it) over the circle's pieces in that view, shown
 * with the community's cards. The prompt filter offers what the toolbar has without the site's
 * prompt list: all prompts, or the Weekly Freewrite.
 */
export function CirclePieces({
  slug,
  params,
  moderator,
  live,
  signedIn,
  pieceHref,
  onOpenPiece,
  onSignInNeeded,
  renderReport,
}: {
  slug: string;
  params: FeedParams;
  moderator: boolean;
  live: { newCount: number; showNew: () => void };
  signedIn: boolean;
  pieceHref: (id: string) => string;
  onOpenPiece: () => void;
  onSignInNeeded: () => void;
  renderReport: RenderReport;
}) {
  const [, setSearch] = useSearchParams();
  const [mode, setMode] = useViewMode();
  const now = useNow();
  const fetching = useIsFetching({ queryKey: circleKeys.feed(slug, params), exact: true });
  // Typing a search replaces the history entry; choosing a filter or sort, or clearing, adds one.
  const change = useCallback(
    (next: Partial<FeedParams>, replace = next.q !== undefined) => setSearch((prev) => writeFeedParams(prev, { ...readFeedParams(prev), ...next }), { replace }),
    [setSearch],
  );
  const onChange = useCallback((next: Partial<FeedParams>) => change(next), [change]);
  const clearFilters = () => change({ prompt: DEFAULT_FEED_PARAMS.prompt, filter: DEFAULT_FEED_PARAMS.filter, q: DEFAULT_FEED_PARAMS.q }, false);

  return (
    <>
      {moderator && <HiddenPieces slug={slug} />}
      <FeedToolbar params={params} onChange={onChange} history={undefined} mode={mode} onModeChange={setMode} onRefresh={live.showNew} refreshing={fetching > 0} />
      <div className="mt-4">
        <NewCirclePiecesBar count={live.newCount} onShow={live.showNew} />
        <CircleFeed
          slug={slug}
          params={params}
          mode={mode}
          filtered={isFiltered(params)}
          onClearFilters={clearFilters}
          renderPiece={(p) => {
            const card = (
              <PieceCard
                piece={p}
                mode={mode}
                now={now}
                href={pieceHref(p.id)}
                onOpen={onOpenPiece}
                signedIn={signedIn}
                onSignInNeeded={onSignInNeeded}
                renderReport={renderReport}
              />
            );
            // A moderator's Hide sits under the card: its row of counts has no room for another action on a phone.
            if (!moderator || p.isMine) return card;
            return (
              <div className="flex w-full flex-col items-end gap-1">
                {card}
                <HideFromCircle slug={slug} kind="piece" id={p.id} label={`${pieceName(p.title, p.prompt)} by ${p.author.label}`} />
              </div>
            );
          }}
        />
      </div>
    </>
  );
}
