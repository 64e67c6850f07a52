/**
 * Every page of the app, as a path pattern (":name" is one segment). The client routes by these
 * (config/paths.ts); the server answers 404 for any other path while still serving the app, so
 * its not-found page shows with the right status.
 */
export const ROUTE_PATHS = {
  home: "/",
  register: "/register",
  signin: "/signin",
  signupAlias: "/signup",
  loginAlias: "/login",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  welcomeBack: "/welcome-back",
  write: "/write",
  freewrite: "/freewrite",
  submission: "/submission/:id",
  share: "/share/:token",
  community: "/community",
  profile: "/profile",
  profileTrash: "/profile/trash",
  profileStats: "/profile/stats",
  settings: "/settings",
  settingsNotifications: "/settings/notifications",
  settingsAccount: "/settings/account",
  settingsAccountDelete: "/settings/account/delete",
  settingsData: "/settings/data",
  unsubscribe: "/unsubscribe",
  keepReminding: "/keep-reminding",
  edit: "/edit/:postId",
  admin: "/admin",
  adminScheduler: "/admin/scheduler",
  adminPrompts: "/admin/prompts",
  adminUsers: "/admin/users",
  adminPodium: "/admin/podium",
  adminReports: "/admin/reports",
  adminAudit: "/admin/audit",
  adminJobs: "/admin/jobs",
  podium: "/podium",
  collection: "/collections/:month",
  notifications: "/notifications",
  circles: "/circles",
  circle: "/circles/:slug",
  circleInvite: "/join/:code",
  writeIns: "/write-ins",
  writeIn: "/write-ins/:id",
  writeInSession: "/write-ins/:id/write",
} as const;

/** The pages' patterns, made on the first call: the browser never asks (it routes by config/paths.ts), so its bundle drops them. */
let patterns: RegExp[] | undefined;

/** True when `pathname` is one of the app's pages. */
export function isAppRoute(pathname: string): boolean {
  patterns ??= Object.values(ROUTE_PATHS).map((p) => new RegExp(`^${p.replace(/:[a-zA-Z]+/g, "[^/]+")}/?$`));
  return patterns.some((re) => re.test(pathname));
}
