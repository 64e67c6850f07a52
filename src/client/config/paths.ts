import { ROUTE_PATHS } from "#shared/routes.ts";

/** Every route of the app, named once: no hand-built URLs elsewhere. */
export const paths = {
  home: { path: ROUTE_PATHS.home, href: () => "/" },
  register: { path: ROUTE_PATHS.register, href: (next?: string) => (next ? `/register?next=${encodeURIComponent(next)}` : "/register") },
  signin: { path: ROUTE_PATHS.signin, href: (next?: string) => (next ? `/signin?next=${encodeURIComponent(next)}` : "/signin") },
  signupAlias: { path: ROUTE_PATHS.signupAlias, href: () => "/signup" },
  loginAlias: { path: ROUTE_PATHS.loginAlias, href: () => "/login" },
  forgotPassword: { path: ROUTE_PATHS.forgotPassword, href: () => "/forgot-password" },
  resetPassword: { path: ROUTE_PATHS.resetPassword, href: () => "/reset-password" },
  welcomeBack: { path: ROUTE_PATHS.welcomeBack, href: () => "/welcome-back" },
  write: { path: ROUTE_PATHS.write, href: () => "/write" },
  freewrite: { path: ROUTE_PATHS.freewrite, href: () => "/freewrite" },
  submission: {
    path: ROUTE_PATHS.submission,
    href: (id: string, share?: string) => `/submission/${encodeURIComponent(id)}${share ? `?share=${encodeURIComponent(share)}` : ""}`,
  },
  share: { path: ROUTE_PATHS.share, href: (token: string) => `/share/${encodeURIComponent(token)}` },
  community: { path: ROUTE_PATHS.community, href: () => "/community" },
  profile: { path: ROUTE_PATHS.profile, href: () => "/profile" },
  profileTrash: { path: ROUTE_PATHS.profileTrash, href: () => "/profile/trash" },
  profileStats: { path: ROUTE_PATHS.profileStats, href: (year?: number) => `/profile/stats${year ? `?year=${year}` : ""}` },
  settings: { path: ROUTE_PATHS.settings, href: () => "/settings" },
  settingsNotifications: { path: ROUTE_PATHS.settingsNotifications, href: () => "/settings/notifications" },
  settingsAccount: { path: ROUTE_PATHS.settingsAccount, href: () => "/settings/account" },
  settingsAccountDelete: { path: ROUTE_PATHS.settingsAccountDelete, href: () => "/settings/account/delete" },
  settingsData: { path: ROUTE_PATHS.settingsData, href: () => "/settings/data" },
  unsubscribe: { path: ROUTE_PATHS.unsubscribe, href: (token: string) => `/unsubscribe?token=${encodeURIComponent(token)}` },
  keepReminding: { path: ROUTE_PATHS.keepReminding, href: (token: string) => `/keep-reminding?token=${encodeURIComponent(token)}` },
  edit: { path: ROUTE_PATHS.edit, href: (id: string) => `/edit/${encodeURIComponent(id)}` },
  admin: { path: ROUTE_PATHS.admin, href: () => "/admin" },
  adminScheduler: { path: ROUTE_PATHS.adminScheduler, href: (week?: string) => (week ? `/admin/scheduler?week=${encodeURIComponent(week)}` : "/admin/scheduler") },
  adminPrompts: { path: ROUTE_PATHS.adminPrompts, href: () => "/admin/prompts" },
  adminUsers: { path: ROUTE_PATHS.adminUsers, href: () => "/admin/users" },
  adminPodium: { path: ROUTE_PATHS.adminPodium, href: () => "/admin/podium" },
  adminReports: { path: ROUTE_PATHS.adminReports, href: () => "/admin/reports" },
  adminAudit: { path: ROUTE_PATHS.adminAudit, href: () => "/admin/audit" },
  adminJobs: { path: ROUTE_PATHS.adminJobs, href: () => "/admin/jobs" },
  podium: { path: ROUTE_PATHS.podium, href: () => "/podium" },
  circles: { path: ROUTE_PATHS.circles, href: () => "/circles" },
  circle: { path: ROUTE_PATHS.circle, href: (slug: string) => `/circles/${encodeURIComponent(slug)}` },
  circleInvite: { path: ROUTE_PATHS.circleInvite, href: (code: string) => `/join/${encodeURIComponent(code)}` },
  collection: { path: ROUTE_PATHS.collection, href: (month: string) => `/collections/${encodeURIComponent(month)}` },
  notifications: { path: ROUTE_PATHS.notifications, href: () => "/notifications" },
  writeIns: { path: ROUTE_PATHS.writeIns, href: () => "/write-ins" },
  writeIn: { path: ROUTE_PATHS.writeIn, href: (id: string) => `/write-ins/${encodeURIComponent(id)}` },
  /** The live writing session of one write-in (its page comes with the writing feature's write-in mode). */
  writeInSession: { path: ROUTE_PATHS.writeInSession, href: (id: string) => `/write-ins/${encodeURIComponent(id)}/write` },
} as const;

/** Where to go after signing in: a same-site path from ?next=, else /write (spec: success goes to /write). */
export function safeNext(next: string | null, fallback: string = paths.write.href()): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  return next;
}
