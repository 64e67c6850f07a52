import type { AuditQuery } from "#shared/schemas/moderation.ts";

/** Query keys of the moderation screens, named once. */
export const moderationKeys = {
  all: ["moderation"] as const,
  queue: () => ["moderation", "queue"] as const,
  queueView: (view: "open" | "hidden") => ["moderation", "queue", view] as const,
  openCount: () => ["moderation", "open-count"] as const,
  audit: (filters: Omit<AuditQuery, "cursor">) => ["moderation", "audit", filters] as const,
  auditAll: () => ["moderation", "audit"] as const,
  suspension: (userId: string) => ["moderation", "suspension", userId] as const,
  mySuspension: () => ["moderation", "my-suspension"] as const,
};
