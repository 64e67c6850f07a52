import { lazy, Suspense } from "react";
import { QuietBoundary } from "#client/components/ui/quiet-boundary.tsx";

/** The reminder offer under the thanks, loaded once a piece is in (after-publish.tsx). */
const AfterPublish = lazy(() => import("./after-publish.tsx"));

/**
 * /write's and /freewrite's `afterSuccess`: the offer when its code arrives, nothing if it cannot
 * (the piece is in either way, and its thanks stay on screen).
 */
export function AfterPublishSlot() {
  return (
    <QuietBoundary>
      <Suspense fallback={null}>
        <AfterPublish />
      </Suspense>
    </QuietBoundary>
  );
}
