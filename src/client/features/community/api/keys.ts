import type { FeedParams } from "#shared/domain/community.ts";

/** Query keys of the community feature: everything under ["community"]. */
export const communityKeys = {
  all: ["community"] as const,
  feeds: ["community", "feed"] as const,
  feed: (params: FeedParams) => ["community", "feed", params.prompt, params.filter, params.sort, params.q] as const,
  prompts: ["community", "prompts"] as const,
  piece: (id: string) => ["community", "piece", id] as const,
  comments: (id: string) => ["community", "comments", id] as const,
};
