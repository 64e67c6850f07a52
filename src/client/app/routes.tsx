import { Navigate, useRouteError, type RouteObject } from "react-router";
import { paths } from "#client/config/paths.ts";
import { AppShell } from "#client/components/layout/app-shell.tsx";
import { PageHydrated } from "#client/components/layout/page-hydrated.tsx";
import { ErrorState, FullScreenLoader } from "#client/components/ui/states.tsx";
import { buttonClass } from "#client/components/ui/button.tsx";
import { SignOutButton } from "#client/features/auth/components/sign-out-button.tsx";
import { OpenReportCount } from "#client/features/moderation/components/open-report-count.tsx";
import { NotificationBell } from "#client/features/notifications/components/notification-bell.tsx";

function RouteError() {
  const error = useRouteError();
  const stale = error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
  return (
    <>
      <ErrorState
        message={stale ? "A new version of the app is available. Reload the page to continue." : "This page could not be shown. Please try again."}
        action={
          <a href={stale && typeof window !== "undefined" ? window.location.href : "/"} className={buttonClass("secondary")}>
            {stale ? "Reload" : "Back to home"}
          </a>
        }
      />
      <PageHydrated />
    </>
  );
}

/**
 * Every route is its own chunk: the first page a visitor loads stays small. The browser
 * (router.tsx) and the server renderer (ssr/entry-server.tsx) route by this same table.
 */
export const routes: RouteObject[] = [
  {
    // The shell (components/) never imports a feature: the routes pass the bell and the menu's parts in.
    element: <AppShell bell={<NotificationBell />} menu={{ signOut: <SignOutButton />, reportCount: <OpenReportCount /> }} />,
    errorElement: <RouteError />,
    // Shown while the first route's chunk loads.
    hydrateFallbackElement: <FullScreenLoader />,
    children: [
      { path: paths.home.path, lazy: () => import("./routes/home.tsx") },
      { path: paths.register.path, lazy: () => import("./routes/register.tsx") },
      { path: paths.signin.path, lazy: () => import("./routes/signin.tsx") },
      { path: paths.signupAlias.path, element: <Navigate to={paths.register.href()} replace /> },
      { path: paths.loginAlias.path, element: <Navigate to={paths.signin.href()} replace /> },
      { path: paths.forgotPassword.path, lazy: () => import("./routes/forgot-password.tsx") },
      { path: paths.resetPassword.path, lazy: () => import("./routes/reset-password.tsx") },
      { path: paths.welcomeBack.path, lazy: () => import("./routes/welcome-back.tsx") },
      { path: paths.write.path, lazy: () => import("./routes/write.tsx") },
      { path: paths.freewrite.path, lazy: () => import("./routes/freewrite.tsx") },
      { path: paths.submission.path, lazy: () => import("./routes/submission.tsx") },
      { path: paths.share.path, lazy: () => import("./routes/share.tsx") },
      { path: paths.community.path, lazy: () => import("./routes/community.tsx") },
      { path: paths.profile.path, lazy: () => import("./routes/profile.tsx") },
      { path: paths.profileTrash.path, lazy: () => import("./routes/profile-trash.tsx") },
      { path: paths.profileStats.path, lazy: () => import("./routes/profile-stats.tsx") },
      { path: paths.settings.path, lazy: () => import("./routes/settings.tsx") },
      { path: paths.settingsNotifications.path, lazy: () => import("./routes/settings-notifications.tsx") },
      { path: paths.settingsAccount.path, lazy: () => import("./routes/settings-account.tsx") },
      { path: paths.settingsAccountDelete.path, lazy: () => import("./routes/settings-account-delete.tsx") },
      { path: paths.settingsData.path, lazy: () => import("./routes/settings-data.tsx") },
      { path: paths.unsubscribe.path, lazy: () => import("./routes/unsubscribe.tsx") },
      { path: paths.keepReminding.path, lazy: () => import("./routes/keep-reminding.tsx") },
      { path: paths.edit.path, lazy: () => import("./routes/edit.tsx") },
      { path: paths.admin.path, lazy: () => import("./routes/admin.tsx") },
      { path: paths.adminScheduler.path, lazy: () => import("./routes/admin-scheduler.tsx") },
      { path: paths.adminPrompts.path, lazy: () => import("./routes/admin-prompts.tsx") },
      { path: paths.adminUsers.path, lazy: () => import("./routes/admin-users.tsx") },
      { path: paths.adminPodium.path, lazy: () => import("./routes/admin-podium.tsx") },
      { path: paths.adminReports.path, lazy: () => import("./routes/admin-reports.tsx") },
      { path: paths.adminAudit.path, lazy: () => import("./routes/admin-audit.tsx") },
      { path: paths.adminJobs.path, lazy: () => import("./routes/admin-jobs.tsx") },
      { path: paths.podium.path, lazy: () => import("./routes/podium.tsx") },
      { path: paths.collection.path, lazy: () => import("./routes/collection.tsx") },
      { path: paths.notifications.path, lazy: () => import("./routes/notifications.tsx") },
      { path: paths.circles.path, lazy: () => import("./routes/circles.tsx") },
      { path: paths.circle.path, lazy: () => import("./routes/circle.tsx") },
      { path: paths.circleInvite.path, lazy: () => import("./routes/circle-invite.tsx") },
      { path: paths.writeIns.path, lazy: () => import("./routes/write-ins.tsx") },
      { path: paths.writeIn.path, lazy: () => import("./routes/write-ins.tsx") },
      { path: paths.writeInSession.path, lazy: () => import("./routes/write-in-session.tsx") },
      { path: "*", lazy: () => import("./routes/not-found.tsx") },
    ],
  },
];
