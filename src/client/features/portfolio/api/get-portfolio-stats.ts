import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PortfolioStats } from "#shared/schemas/portfolio.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { portfolioQueryKey } from "./get-my-submissions.ts";

export const getPortfolioStats = (): Promise<PortfolioStats> => unwrap(api.api.me["portfolio-stats"].$get());

export const getPortfolioStatsQueryOptions = () => queryOptions({ queryKey: [...portfolioQueryKey, "stats"], queryFn: getPortfolioStats });

/** Works, pages, streak, Editors' Selections, achievements and tier progress. */
export const usePortfolioStats = () => useQuery(getPortfolioStatsQueryOptions());
