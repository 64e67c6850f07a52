import { lazy, Suspense } from "react";
import { WritingPage } from "#client/features/writing/components/writing-page.tsx";
import { DraftsReady } from "#client/features/writing/offline/drafts-ready.tsx";

/** The reminder offer under the thanks, loaded once a piece is in (after-publish.tsx). */
const AfterPublish = lazy(() => import("./after-publish.tsx"));

/** /freewrite: the same flow without a prompt (spec §2). Open to everyone. */
export function Component() {
  return (
    <DraftsReady>
      <WritingPage page="freewrite" afterSuccess={<Suspense fallback={null}><AfterPublish /></Suspense>} />
    </DraftsReady>
  );
}
