/** Every route of the app, named once: no hand-built URLs elsewhere. */
export const paths = {
  home: { path: "/", href: () => "/" },
  register: { path: "/register", href: (next?: string) => (next ? `/register?next=${encodeURIComponent(next)}` : "/register") },
  signin: { path: "/signin", href: (next?: string) => (next ? `/signin?next=${encodeURIComponent(next)}` : "/signin") },
  signupAlias: { path: "/signup", href: () => "/signup" },
  loginAlias: { path: "/login", href: () => "/login" },
  forgotPassword: { path: "/forgot-password", href: () => "/forgot-password" },
  resetPassword: { path: "/reset-password", href: () => "/reset-password" },
  welcomeBack: { path: "/welcome-back", href: () => "/welcome-back" },
  write: { path: "/write", href: () => "/write" },
  freewrite: { path: "/freewrite", href: () => "/freewrite" },
  submission: {
    path: "/submission/:id",
    href: (id: string, share?: string) => `/submission/${encodeURIComponent(id)}${share ? `?share=${encodeURIComponent(share)}` : ""}`,
  },
  share: { path: "/share/:token", href: (token: string) => `/share/${encodeURIComponent(token)}` },
  community: { path: "/community", href: () => "/community" },
  profile: { path: "/profile", href: () => "/profile" },
  edit: { path: "/edit/:postId", href: (id: string) => `/edit/${encodeURIComponent(id)}` },
  admin: { path: "/admin", href: () => "/admin" },
  adminScheduler: { path: "/admin/scheduler", href: () => "/admin/scheduler" },
  adminPrompts: { path: "/admin/prompts", href: () => "/admin/prompts" },
  adminUsers: { path: "/admin/users", href: () => "/admin/users" },
  adminPodium: { path: "/admin/podium", href: () => "/admin/podium" },
  podium: { path: "/podium", href: () => "/podium" },
} as const;

/** Where to go after signing in: a same-site path from ?next=, else /write (spec: success goes to /write). */
export function safeNext(next: string | null, fallback: string = paths.write.href()): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  return next;
}
