import type { DehydratedState } from "@tanstack/react-query";

/** What the server put in the page for the browser to hydrate from (shared/ssr.ts, SSR_STATE_ID). */
export interface HydrationState {
  queries: DehydratedState;
  /** When the server rendered the page (ms since the epoch). */
  renderedAt: number;
}

let renderedAt: number | null = null;

/** Set while a server-rendered page renders for the first time (on the server, and while hydrating). */
export function setRenderedAt(at: number | null): void {
  renderedAt = at;
}

/**
 * "Now" for a component's first render: the moment the server rendered the page while that page
 * is rendered or hydrated, so "5m ago" reads the same on both sides; otherwise the clock.
 */
export function firstRenderNow(): Date {
  return new Date(renderedAt ?? Date.now());
}

export function isHydrationState(value: unknown): value is HydrationState {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.renderedAt === "number" && typeof v.queries === "object" && v.queries !== null;
}
