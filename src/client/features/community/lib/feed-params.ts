import { COMMUNITY_FILTERS, COMMUNITY_SORTS, DEFAULT_FEED_PARAMS, readFeedSearch, readPromptFilter, type FeedParams } from "#shared/domain/community.ts";

/** The open piece lives in the URL too (?piece=ID), so it survives a reload and can be shared. */
export const PIECE_PARAM = "piece";

/** The view in the URL (?prompt=&filter=&sort=&q=); anything unknown falls back to its default. */
export function readFeedParams(search: URLSearchParams): FeedParams {
  const prompt = readPromptFilter(search.get("prompt") ?? "");
  const filter = search.get("filter");
  const sort = search.get("sort");
  const q = readFeedSearch(search.get("q") ?? "");
  return {
    prompt: prompt ?? DEFAULT_FEED_PARAMS.prompt,
    filter: (COMMUNITY_FILTERS as readonly string[]).includes(filter ?? "") ? (filter as FeedParams["filter"]) : DEFAULT_FEED_PARAMS.filter,
    sort: (COMMUNITY_SORTS as readonly string[]).includes(sort ?? "") ? (sort as FeedParams["sort"]) : DEFAULT_FEED_PARAMS.sort,
    q: q ?? DEFAULT_FEED_PARAMS.q,
  };
}

/** The URL search for a view: defaults are left out, other parameters (an open piece) kept. */
export function writeFeedParams(current: URLSearchParams, params: FeedParams): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of ["prompt", "filter", "sort", "q"] as const) {
    const value = params[key].trim();
    if (value && value !== DEFAULT_FEED_PARAMS[key]) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

export function isFiltered(params: FeedParams): boolean {
  return params.prompt !== "all" || params.filter !== "all" || params.q !== "";
}
