import { matchPath } from "react-router";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { isUuid } from "#shared/domain/ids.ts";
import { paths } from "#client/config/paths.ts";
import { getConfigQueryOptions } from "#client/lib/get-config.ts";
import { getMeQueryOptions } from "#client/lib/get-me.ts";
import { getPodiumQueryOptions } from "#client/features/admin/api/get-podium.ts";
import { getCommentsQueryOptions } from "#client/features/community/api/get-comments.ts";
import { getCommunityFeedQueryOptions } from "#client/features/community/api/get-community-feed.ts";
import { getCommunityPieceQueryOptions } from "#client/features/community/api/get-community-piece.ts";
import { getPromptHistoryQueryOptions } from "#client/features/community/api/get-prompt-history.ts";
import { PIECE_PARAM, readFeedParams } from "#client/features/community/lib/feed-params.ts";
import { getPieceQueryOptions } from "#client/features/piece/api/get-piece.ts";

/**
 * The pages rendered on the server and the queries their first screen reads, through the same
 * query options (keys and fetchers) the components use. `required`: without these the page is
 * not rendered here (the shell waits for who is signed in). `modules`: the route's source file.
 */
interface PagePlan {
  required: QueryKey[];
  modules: string[];
}

const ROUTES = "src/client/app/routes";

async function shell(qc: QueryClient): Promise<QueryKey[]> {
  const me = getMeQueryOptions();
  const config = getConfigQueryOptions();
  await Promise.all([qc.prefetchQuery(me), qc.prefetchQuery(config)]);
  return [me.queryKey, config.queryKey];
}

/** A public piece with its likes and comments (on /community?piece= and /submission/:id). */
async function communityPiece(qc: QueryClient, id: string): Promise<void> {
  await Promise.all([qc.prefetchQuery(getCommunityPieceQueryOptions(id)), qc.prefetchQuery(getCommentsQueryOptions(id))]);
}

export async function prefetchPage(qc: QueryClient, url: URL): Promise<PagePlan | null> {
  const path = url.pathname;
  if (matchPath(paths.home.path, path)) {
    return { required: await shell(qc), modules: [`${ROUTES}/home.tsx`] };
  }
  if (matchPath(paths.community.path, path)) {
    const pieceId = url.searchParams.get(PIECE_PARAM);
    const [required] = await Promise.all([
      shell(qc),
      qc.prefetchQuery(getPromptHistoryQueryOptions()),
      pieceId && isUuid(pieceId) ? communityPiece(qc, pieceId) : qc.prefetchInfiniteQuery(getCommunityFeedQueryOptions(readFeedParams(url.searchParams))),
    ]);
    return { required, modules: [`${ROUTES}/community.tsx`] };
  }
  const submission = matchPath(paths.submission.path, path);
  if (submission) {
    const id = submission.params.id ?? "";
    const [required] = await Promise.all([
      shell(qc),
      qc.prefetchQuery(getPieceQueryOptions(id, url.searchParams.get("share"))),
      isUuid(id) ? communityPiece(qc, id) : null,
    ]);
    return { required, modules: [`${ROUTES}/submission.tsx`] };
  }
  if (matchPath(paths.podium.path, path)) {
    const [required] = await Promise.all([shell(qc), qc.prefetchQuery(getPodiumQueryOptions())]);
    return { required, modules: [`${ROUTES}/podium.tsx`] };
  }
  return null;
}
