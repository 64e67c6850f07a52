/**
 * A piece opened over a list lives in the URL (?piece=ID on /community, ?read=ID on /profile),
 * so a reload keeps it open and the link can be shared; closing it returns the reader to the
 * list where they were. Pure helpers of hooks/use-piece-in-url.ts.
 */

/** The piece the URL opens: the parameter's value when `accept` takes it (any value by default), else null. */
export function pieceIn(search: URLSearchParams, param: string, accept: (value: string) => boolean = () => true): string | null {
  const value = search.get(param);
  return value && accept(value) ? value : null;
}

/** The search with piece `id` open; every other parameter (the list's view) kept. */
export function withPiece(search: URLSearchParams, param: string, id: string): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set(param, id);
  return next;
}

/** The search with no piece open. */
export function withoutPiece(search: URLSearchParams, param: string): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete(param);
  return next;
}

/** Did the list open this piece (its history state carries `flag`)? Then going back returns to it. */
export function openedFromList(state: unknown, flag: string): boolean {
  return typeof state === "object" && state !== null && Reflect.get(state, flag) === true;
}

/** Where the reader was in a list (window.scrollY) when they opened a piece, on which history entry. */
export interface ListScroll {
  entry: string;
  y: number;
}

/**
 * Where to scroll when the list shows again on history entry `entry`: back where the reader
 * was, when they left from this very entry and had scrolled; else nowhere (null).
 */
export function scrollToRestore(saved: ListScroll | undefined, entry: string): number | null {
  return saved && saved.entry === entry && saved.y > 0 ? saved.y : null;
}
