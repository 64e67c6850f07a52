/** Query keys of the write-ins feature: everything under ["write-ins"]. */
export type WriteInsWhen = "upcoming" | "past";

export const writeInKeys = {
  all: ["write-ins"] as const,
  lists: ["write-ins", "list"] as const,
  /** `circle` null: the community's and my circles' write-ins (GET /api/write-ins without ?circle=). */
  list: (circle: string | null, when: WriteInsWhen) => ["write-ins", "list", circle, when] as const,
  /** The next `limit` of them, not ended (the writing page's notice). */
  next: (limit: number) => ["write-ins", "list", null, "next", limit] as const,
  detail: (id: string) => ["write-ins", "detail", id] as const,
  results: (id: string) => ["write-ins", "results", id] as const,
};
