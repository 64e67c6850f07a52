import { Suspense, type ReactNode } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { paths } from "#client/config/paths.ts";
import { useSiteName } from "#client/lib/get-config.ts";
import { useMe } from "#client/lib/get-me.ts";
import { FullScreenLoader, LoadingState, loadingWordsFor } from "../ui/states.tsx";
import { AppMenu, type AppMenuParts } from "./app-menu.tsx";
import { PageHydrated } from "./page-hydrated.tsx";

const WRITING_PATHS = new Set<string>([paths.write.path, paths.freewrite.path]);
const NO_MENU_PATHS = new Set<string>([paths.signin.path, paths.register.path]);

/**
 * Top bar + page. The writing pages get a reduced bar; sign-in and register hide the menu.
 * `bell` (the notifications bell, composed by the routes) shows to a signed-in writer off the writing pages;
 * `menu` holds the menu's feature parts (sign out, the open-report count), composed by the routes too.
 */
export function AppShell({ bell, menu = {} }: { bell?: ReactNode; menu?: AppMenuParts } = {}) {
  const { data: me, isPending, errorUpdateCount, refetch, isFetching } = useMe();
  // Who is signed in could not be learned (and is not known from before): say so, keep the page usable.
  const unreachable = me === undefined && errorUpdateCount > 0;
  const siteName = useSiteName();
  const { pathname } = useLocation();
  if (isPending && !unreachable) return <FullScreenLoader />;
  const writing = WRITING_PATHS.has(pathname);
  const showMenu = !NO_MENU_PATHS.has(pathname);
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-3 focus:top-3 focus:z-50 focus:rounded-md focus:bg-card focus:px-3 focus:py-2">
        Skip to content
      </a>
      {/* data-focus-hide: a writing page's focus mode hides the bar (features/writing/focus). */}
      <header data-focus-hide className={`mx-auto flex w-full max-w-6xl items-center justify-between gap-3 px-4 ${writing ? "py-2" : "py-3"}`}>
        <Link to={paths.home.href()} className="font-serif text-xl tracking-tight text-ink hover:text-accent min-h-11 inline-flex items-center">
          {siteName}
        </Link>
        <div className="flex items-center gap-1">
          {!writing &&
            (me ? (
              <Link to={paths.write.href()} className="inline-flex min-h-11 items-center px-3 text-lg lowercase text-ink underline-offset-8 hover:text-accent hover:underline">
                write
              </Link>
            ) : (
              !NO_MENU_PATHS.has(pathname) && (
                <Link to={paths.register.href()} className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-accent hover:bg-accent-soft">
                  Sign Up
                </Link>
              )
            ))}
          {me && !writing && bell}
          {showMenu && <AppMenu me={me ?? null} {...menu} />}
        </div>
      </header>
      {unreachable && (
        <div role="alert" className="mx-auto mb-2 flex w-full max-w-6xl flex-wrap items-center justify-between gap-2 px-4">
          <p className="text-sm text-danger">We could not reach the server, so you may appear signed out. Your writing on this device is kept.</p>
          <button
            type="button"
            onClick={() => void refetch()}
            disabled={isFetching}
            className="inline-flex min-h-11 items-center rounded-md border border-line bg-card px-4 text-sm text-ink hover:border-accent"
          >
            {isFetching ? "Trying..." : "Try again"}
          </button>
        </div>
      )}
      <main id="main" className="flex-1">
        <Suspense fallback={<LoadingState label={loadingWordsFor(pathname)} />}>
          <Outlet />
          <PageHydrated />
        </Suspense>
      </main>
    </div>
  );
}

/** A page's text column (~65 characters) with generous space. */
export function Page({ children, wide = false, className = "" }: { children: ReactNode; wide?: boolean; className?: string }) {
  return <div className={`mx-auto w-full px-4 pb-16 pt-6 sm:pt-10 ${wide ? "max-w-6xl" : "max-w-2xl"} ${className}`}>{children}</div>;
}
