import { lazy, Suspense } from "react";
import { QuietBoundary } from "#client/components/ui/quiet-boundary.tsx";
import { useMyCircles } from "#client/features/circles/api/get-my-circles.ts";
import type { PublishAudience } from "#client/features/writing/hooks/use-submit-piece.ts";

/** The circles' "Share with" choice, loaded only for a writer in a circle: /write's first load stays as it was. */
const AudiencePicker = lazy(() => import("#client/features/circles/components/audience-picker.tsx"));

/**
 * The publish form's "Share with": my circles are asked for when the form opens; nothing shows
 * while they load, if they cannot be read, or when I am in none (the piece goes to the community,
 * as before).
 */
function AudienceSlot({ value, onChange }: { value: PublishAudience; onChange: (next: PublishAudience) => void }) {
  const { data } = useMyCircles();
  if (!data?.circles.length) return null;
  return (
    <QuietBoundary>
      <Suspense fallback={null}>
        <AudiencePicker circles={data.circles} value={value} onChange={onChange} />
      </Suspense>
    </QuietBoundary>
  );
}

/** /write's and /freewrite's `renderAudience`. */
export const renderAudience = (value: PublishAudience, onChange: (next: PublishAudience) => void) => <AudienceSlot value={value} onChange={onChange} />;
