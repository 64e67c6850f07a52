import { useQueryClient, type InfiniteData } from "@tanstack/react-query";
import type { PortfolioPage } from "#shared/schemas/portfolio.ts";
import { useLiveEvents } from "#client/lib/live-events.ts";
import { portfolioQueryKey } from "../api/get-my-submissions.ts";
import { getPortfolioStatsQueryOptions } from "../api/get-portfolio-stats.ts";

/**
 * Editors' Picks change under the writer's eyes: badges and the "Editors' Selections" count follow.
 * Events carry no owner, so: a piece in the loaded list reloads the portfolio; while part of the
 * list is not loaded yet, only the stats are refreshed (it may be one of those); otherwise the
 * pick was someone else's and nothing is fetched.
 */
export function usePortfolioLive(): void {
  const queryClient = useQueryClient();
  useLiveEvents((m) => {
    if (m.type === "stale") {
      void queryClient.invalidateQueries({ queryKey: portfolioQueryKey });
      return;
    }
    if (m.type !== "piece:featured") return;
    const lists = queryClient.getQueriesData<InfiniteData<PortfolioPage>>({ queryKey: [...portfolioQueryKey, "submissions"] });
    const pages = lists.flatMap(([, data]) => data?.pages ?? []);
    if (pages.some((p) => p.items.some((item) => item.id === m.payload.id))) {
      void queryClient.invalidateQueries({ queryKey: portfolioQueryKey });
    } else if (pages.length === 0 || lists.some(([, data]) => data?.pages.at(-1)?.nextCursor)) {
      void queryClient.invalidateQueries({ queryKey: getPortfolioStatsQueryOptions().queryKey });
    }
  });
}
