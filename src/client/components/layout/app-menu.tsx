import { useEffect, useId, useRef, useState, type FocusEvent, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { paths } from "#client/config/paths.ts";
import type { Me } from "#shared/schemas/auth.ts";
import { useTheme } from "./theme-toggle.tsx";

/** One row of the menu (a link or a button); exported for the parts the routes pass in. */
export const menuItemClass = "flex min-h-11 items-center rounded-md px-3 text-base hover:bg-accent-soft hover:text-ink";
const item = menuItemClass;

/**
 * The parts of the menu that belong to a feature, passed in by the routes (app/routes.tsx), since
 * components/ never imports features/ (docs/conventions.md): the open-report count beside "Reports"
 * (shown to admins) and the sign-out button (shown to a signed-in writer).
 */
export interface AppMenuParts {
  reportCount?: ReactNode;
  signOut?: ReactNode;
}

/** The hamburger menu (spec §2 Navigation). */
export function AppMenu({ me, reportCount, signOut }: { me: Me | null } & AppMenuParts) {
  const location = useLocation();
  // The menu is open on the page it was opened on: going to another page closes it. (An effect that
  // closed it on each new path also ran when the page was hydrated, and undid a press made meanwhile.)
  const [openOn, setOpenOn] = useState<string | null>(null);
  // Forgotten once the page changes, or coming back to that page would open it again.
  if (openOn !== null && openOn !== location.pathname) setOpenOn(null);
  const open = openOn === location.pathname;
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [dark, toggleTheme] = useTheme();

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>("a,button")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpenOn(null);
        buttonRef.current?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (!panelRef.current?.contains(e.target as Node) && !buttonRef.current?.contains(e.target as Node)) setOpenOn(null);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open]);

  // Focus that moves on past the menu (Tab from its last item) or off the page (into the browser's
  // own controls: no element receives it) closes it, as Escape does. A press inside the menu also
  // takes focus to no element where its target takes none (its padding; a button in Safari): that
  // keeps the menu open, or the click would never land.
  const pressedInside = useRef(false);
  useEffect(() => {
    const release = () => (pressedInside.current = false);
    document.addEventListener("mouseup", release, true);
    return () => document.removeEventListener("mouseup", release, true);
  }, []);
  const closeWhenFocusLeaves = (e: FocusEvent<HTMLDivElement>) => {
    if (!open) return;
    const to = e.relatedTarget;
    if (to instanceof Node ? !e.currentTarget.contains(to) : !pressedInside.current) setOpenOn(null);
  };

  return (
    <div className="relative" onBlur={closeWhenFocusLeaves} onMouseDown={() => (pressedInside.current = true)}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Menu"
        onClick={() => setOpenOn(open ? null : location.pathname)}
        className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-ink hover:bg-accent-soft"
      >
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          className="absolute right-0 top-12 z-40 w-64 rounded-xl border border-line bg-card p-2 shadow-xl animate-ink-fade"
        >
          <nav aria-label="Main">
            <ul className="flex flex-col">
              {me ? (
                <>
                  <li><Link className={item} to={paths.write.href()}>Write</Link></li>
                  <li><Link className={item} to={paths.community.href()}>Community</Link></li>
                  <li><Link className={item} to={paths.circles.href()}>Circles</Link></li>
                  <li><Link className={item} to={paths.writeIns.href()}>Write-ins</Link></li>
                  <li><Link className={item} to={paths.profile.href()}>You</Link></li>
                  <li><Link className={item} to={paths.settings.href()}>Settings</Link></li>
                </>
              ) : (
                <>
                  <li><Link className={item} to={paths.home.href()}>Home</Link></li>
                  <li><Link className={item} to={paths.register.href()}>Create Account</Link></li>
                  <li><Link className={item} to={paths.signin.href()}>Sign In</Link></li>
                </>
              )}
            </ul>
            {me?.isAdmin && (
              <>
                <p className="mt-2 border-t border-line px-3 pb-1 pt-3 text-xs font-semibold uppercase tracking-wider text-muted">Admin</p>
                <ul className="flex flex-col">
                  <li><Link className={item} to={paths.admin.href()}>Dashboard</Link></li>
                  <li><Link className={item} to={paths.adminPrompts.href()}>Manage Prompts</Link></li>
                  <li><Link className={item} to={paths.adminUsers.href()}>View Users</Link></li>
                  <li><Link className={item} to={paths.adminPodium.href()}>Manage Editors' Picks</Link></li>
                  <li><Link className={item} to={paths.adminReports.href()}>Reports{reportCount}</Link></li>
                  <li><Link className={item} to={paths.adminAudit.href()}>Audit Log</Link></li>
                  <li><Link className={item} to={paths.adminJobs.href()}>Jobs &amp; Emails</Link></li>
                </ul>
              </>
            )}
          </nav>
          <div className="mt-2 flex flex-col border-t border-line pt-2">
            <button type="button" className={`${item} text-left`} onClick={toggleTheme}>
              {dark ? "Light theme" : "Dark theme"}
            </button>
            {me && signOut}
          </div>
        </div>
      )}
    </div>
  );
}
