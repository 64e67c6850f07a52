import { useCallback, useRef, useState } from "react";
import { ApiError } from "#client/lib/api-client.ts";
import { useSetFeatured } from "../api/set-featured.ts";

export const FEATURED_MESSAGES = {
  added: "Added to Editor's Picks!",
  removed: "Removed from Editor's Picks!",
  failed: "Failed to update featured status. Please try again.",
  error: "Error updating featured status. Please try again.",
} as const;

/**
 * Sets a piece's flag to the opposite of what the screen shows (spec §4). While one piece's
 * toggle is in flight, further clicks on it are ignored.
 */
export function useFeaturedToggle(report: (message: string, tone: "success" | "error") => void) {
  const { mutateAsync } = useSetFeatured();
  const inFlight = useRef(new Set<string>());
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  const toggle = useCallback(
    (id: string, currentlyFeatured: boolean) => {
      if (inFlight.current.has(id)) return;
      inFlight.current.add(id);
      setBusy(new Set(inFlight.current));
      const isFeatured = !currentlyFeatured;
      // mutateAsync: every call settles on its own, even when several pieces toggle at once.
      mutateAsync({ id, isFeatured })
        .then(
          () => report(isFeatured ? FEATURED_MESSAGES.added : FEATURED_MESSAGES.removed, "success"),
          // The server said no (a "failed" update) or the request never completed (an "error").
          (err: unknown) => report(err instanceof ApiError && err.status > 0 ? FEATURED_MESSAGES.failed : FEATURED_MESSAGES.error, "error"),
        )
        .finally(() => {
          inFlight.current.delete(id);
          setBusy(new Set(inFlight.current));
        });
    },
    [mutateAsync, report],
  );
  return { toggle, busy };
}
