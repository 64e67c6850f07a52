import type { ReactNode } from "react";
import { paths } from "#client/config/paths.ts";

/** The spec's loading words (§2): "brewing" at start-up, "brewing your words..." on Home. */
export const LOADING_WORDS = { startup: "brewing", home: "brewing your words..." } as const;

/** The loading words for a page (spec §2): Home's "brewing your words...", "brewing" anywhere else. */
export function loadingWordsFor(pathname: string): string {
  return pathname === paths.home.path ? LOADING_WORDS.home : LOADING_WORDS.startup;
}

/** Full-screen loader while the app starts and the session resolves (spec §2), worded for the page. */
export function FullScreenLoader({ label }: { label?: string }) {
  label ??= loadingWordsFor(window.location.pathname);
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 flex items-center justify-center bg-paper">
      <p className="font-serif text-2xl italic text-muted animate-ink-pulse">{label}</p>
    </div>
  );
}

export function LoadingState({ label, className = "" }: { label: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={`py-16 text-center ${className}`}>
      <p className="font-serif text-lg italic text-muted animate-ink-pulse">{label}</p>
    </div>
  );
}

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <h2 className="font-serif text-2xl">{title}</h2>
      {children && <div className="mt-2 text-muted">{children}</div>}
      {action && <div className="mt-6 flex justify-center">{action}</div>}
    </div>
  );
}

/** Something failed to load: what happened, and a way on ("Try again" when `onRetry` is given). */
export function ErrorState({
  title = "Oops, something went wrong",
  message,
  action,
  onRetry,
}: {
  title?: string;
  message?: string;
  action?: ReactNode;
  onRetry?: () => void;
}) {
  const retry = onRetry ? (
    <button
      type="button"
      onClick={onRetry}
      className="inline-flex min-h-11 items-center justify-center rounded-md border border-line bg-card px-5 text-ink hover:border-accent"
    >
      Try again
    </button>
  ) : null;
  return (
    <div role="alert" className="mx-auto max-w-md py-16 text-center">
      <h2 className="font-serif text-2xl">{title}</h2>
      {message && <p className="mt-2 text-muted">{message}</p>}
      {(action || retry) && (
        <div className="mt-6 flex justify-center gap-3">
          {retry}
          {action}
        </div>
      )}
    </div>
  );
}

/** A message under a form: errors are announced assertively, others politely. */
export function FormMessage({ tone, children, id }: { tone: "error" | "success" | "info"; children: ReactNode; id?: string }) {
  const color = tone === "error" ? "text-danger border-danger/40" : tone === "success" ? "text-success border-success/40" : "text-ink border-line";
  return (
    <p id={id} role={tone === "error" ? "alert" : "status"} className={`rounded-md border bg-card px-3 py-2 text-sm ${color}`}>
      {children}
    </p>
  );
}
