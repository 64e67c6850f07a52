import { lazy, Suspense, type ReactNode } from "react";
import { QuietBoundary } from "#client/components/ui/quiet-boundary.tsx";
import { getMyCirclesQueryOptions, todayCirclePromptsQuery } from "#client/features/circles/api/get-my-circles.ts";
import type { PromptAnswer, PublishAudience } from "#client/features/writing/hooks/use-submit-piece.ts";

/**
 * /write's circle choices, one chunk out of its first load (its budget, scripts/size.ts; the service
 * worker keeps it): loaded for a signed-in writer's choice of prompt, and when the publish form opens.
 */
const WriteChoice = lazy(() => import("#client/features/circles/components/write-choices.tsx"));

/**
 * /write's notice of write-ins coming up, out of its first load too: from the write-ins pages' chunk
 * (as a circle's Write-ins tab), so no chunk of its own splits the shell's chunks (a new chunk cost
 * every first page ~0.5 KB), and its preload list names only what /write has not loaded (vite.config.ts).
 */
const UpcomingWriteIns = lazy(() => import("./write-ins.tsx").then((m) => ({ default: m.UpcomingOnWrite })));

/** A lazily loaded part: nothing while it loads, nothing if it cannot (the page works without it). */
const quiet = (part: ReactNode) => (
  <QuietBoundary>
    <Suspense fallback={null}>{part}</Suspense>
  </QuietBoundary>
);

/**
 * /write's and /freewrite's `renderAudience`, the publish form's "Share with": my circles are asked
 * for when the form opens; nothing shows while they load, if they cannot be read, or when I am in
 * none (the piece goes to the community, as before). A circle's prompt answered fixes it (`value.locked`).
 */
export const renderAudience = (value: PublishAudience, onChange: (next: PublishAudience) => void) =>
  quiet(<WriteChoice part="audience" query={getMyCirclesQueryOptions()} value={value} onChange={onChange} />);

/** /write's `renderPromptChoice` (signed in): the site's prompt, or one a circle of mine set for today; nothing when none did. */
export const renderPromptChoice = (chosen: PromptAnswer | null, onChange: (next: PromptAnswer | null) => void) =>
  quiet(<WriteChoice part="prompt" query={todayCirclePromptsQuery} chosen={chosen} onChange={onChange} />);

/** /write's notice of write-ins coming up (a signed-in writer's): above the prompt, nothing while it loads, if it cannot, or when none are near. */
export const upcomingWriteIns = () => quiet(<UpcomingWriteIns className="mx-auto mt-4 w-[min(100%-2rem,42rem)]" />);
