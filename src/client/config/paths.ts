import { ROUTE_PATHS } from "#shared/routes.ts";

/** A route without parameters: its link is its path. */
const fixed = <P extends string>(path: P) => ({ path, href: (): P => path });

/** Every route of the app, named once: no hand-built URLs elsewhere. */
export const paths = {
  home: fixed(ROUTE_PATHS.home),
  register: { path: ROUTE_PATHS.register, href: (next?: string) => (next ? `/register?next=${encodeURIComponent(next)}` : "/register") },
  signin: { path: ROUTE_PATHS.signin, href: (next?: string) => (next ? `/signin?next=${encodeURIComponent(next)}` : "/signin") },
  signupAlias: fixed(ROUTE_PATHS.signupAlias),
  loginAlias: fixed(ROUTE_PATHS.loginAlias),
  forgotPassword: fixed(ROUTE_PATHS.forgotPassword),
  resetPassword: fixed(ROUTE_PATHS.resetPassword),
  welcomeBack: fixed(ROUTE_PATHS.welcomeBack),
  write: fixed(ROUTE_PATHS.write),
  freewrite: fixed(ROUTE_PATHS.freewrite),
  submission: {
    path: ROUTE_PATHS.submission,
    href: (id: string, share?: string) => `/submission/${encodeURIComponent(id)}${share ? `?share=${encodeURIComponent(share)}` : ""}`,
  },
  share: { path: ROUTE_PATHS.share, href: (token: string) => `/share/${encodeURIComponent(token)}` },
  community: fixed(ROUTE_PATHS.community),
  profile: fixed(ROUTE_PATHS.profile),
  profileTrash: fixed(ROUTE_PATHS.profileTrash),
  profileStats: { path: ROUTE_PATHS.profileStats, href: (year?: number) => `/profile/stats${year ? `?year=${year}` : ""}` },
  settings: fixed(ROUTE_PATHS.settings),
  settingsNotifications: fixed(ROUTE_PATHS.settingsNotifications),
  settingsAccount: fixed(ROUTE_PATHS.settingsAccount),
  settingsAccountDelete: fixed(ROUTE_PATHS.settingsAccountDelete),
  settingsData: fixed(ROUTE_PATHS.settingsData),
  unsubscribe: { path: ROUTE_PATHS.unsubscribe, href: (token: string) => `/unsubscribe?token=${encodeURIComponent(token)}` },
  keepReminding: { path: ROUTE_PATHS.keepReminding, href: (token: string) => `/keep-reminding?token=${encodeURIComponent(token)}` },
  edit: { path: ROUTE_PATHS.edit, href: (id: string) => `/edit/${encodeURIComponent(id)}` },
  admin: fixed(ROUTE_PATHS.admin),
  adminScheduler: { path: ROUTE_PATHS.adminScheduler, href: (week?: string) => (week ? `/admin/scheduler?week=${encodeURIComponent(week)}` : "/admin/scheduler") },
  adminPrompts: fixed(ROUTE_PATHS.adminPrompts),
  adminUsers: fixed(ROUTE_PATHS.adminUsers),
  adminPodium: fixed(ROUTE_PATHS.adminPodium),
  adminReports: fixed(ROUTE_PATHS.adminReports),
  adminAudit: fixed(ROUTE_PATHS.adminAudit),
  adminJobs: fixed(ROUTE_PATHS.adminJobs),
  podium: fixed(ROUTE_PATHS.podium),
  circles: fixed(ROUTE_PATHS.circles),
  circle: { path: ROUTE_PATHS.circle, href: (slug: string) => `/circles/${encodeURIComponent(slug)}` },
  circleInvite: { path: ROUTE_PATHS.circleInvite, href: (code: string) => `/join/${encodeURIComponent(code)}` },
  collection: { path: ROUTE_PATHS.collection, href: (month: string) => `/collections/${encodeURIComponent(month)}` },
  notifications: fixed(ROUTE_PATHS.notifications),
  writeIns: fixed(ROUTE_PATHS.writeIns),
  writeIn: { path: ROUTE_PATHS.writeIn, href: (id: string) => `/write-ins/${encodeURIComponent(id)}` },
  /** The live writing session of one write-in (its page comes with the writing feature's write-in mode). */
  writeInSession: { path: ROUTE_PATHS.writeInSession, href: (id: string) => `/write-ins/${encodeURIComponent(id)}/write` },
} as const;

/** Where to go after signing in: a same-site path from ?next=, else /write (spec: success goes to /write). */
export function safeNext(next: string | null, fallback: string = paths.write.href()): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  return next;
}
