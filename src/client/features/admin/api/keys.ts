/** Query keys of the admin screens, named once so mutations can refresh the right lists. */
export const adminKeys = {
  all: ["admin"] as const,
  todayPrompt: () => ["admin", "today-prompt"] as const,
  schedulerWeek: (week: string | null) => ["admin", "scheduler", week ?? "current"] as const,
  schedulerAll: () => ["admin", "scheduler"] as const,
  prompts: () => ["admin", "prompts"] as const,
  promptSubmissions: (promptId: string) => ["admin", "prompt-submissions", promptId] as const,
  promptSubmissionsAll: () => ["admin", "prompt-submissions"] as const,
  users: (q: string) => ["admin", "users", q] as const,
  user: (id: string) => ["admin", "user", id] as const,
  userAll: () => ["admin", "user"] as const,
  podium: () => ["admin", "podium"] as const,
  publicPodium: () => ["podium"] as const,
  jobs: () => ["admin", "jobs"] as const,
};
