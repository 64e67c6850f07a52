import { DOUBLE_CLICK_GUARD_MS } from "#shared/constants.ts";

/** Where a press comes from: the page's publish and save buttons, or the open form's submit button. */
export type PressSource = "page" | "form";

/**
 * The writing page's one guard against doing a thing twice (the server's idempotency key is
 * the last line behind it): a press within `windowMs` of the last press from the same place
 * that counted does nothing, and nothing counts while a request is in flight.
 */
export interface SubmitGuard {
  /** A press at `now` (ms): true when it counts, and then it starts a new window. */
  press(source: PressSource, now: number): boolean;
  /** A request starts: true when none was in flight. */
  begin(): boolean;
  /** The request answered (or failed). */
  end(): void;
  readonly inFlight: boolean;
}

export function createSubmitGuard(windowMs: number = DOUBLE_CLICK_GUARD_MS): SubmitGuard {
  const last: Record<PressSource, number> = { page: -Infinity, form: -Infinity };
  let inFlight = false;
  return {
    press(source, now) {
      if (inFlight || now - last[source] < windowMs) return false;
      last[source] = now;
      return true;
    },
    begin() {
      if (inFlight) return false;
      inFlight = true;
      return true;
    },
    end() {
      inFlight = false;
    },
    get inFlight() {
      return inFlight;
    },
  };
}
