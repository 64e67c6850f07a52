import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import type { CircleSummary } from "#shared/schemas/circles.ts";
import { Button } from "#client/components/ui/button.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useSetCircleMuted } from "../api/get-circle.ts";

/**
 * A member's own place in the circle: Mute / Unmute (a muted circle sends me no notifications; I
 * still read it here), and what its moderators see of me (issue 29 item 6), in the words I read
 * before joining.
 */
export function YourMembership({ circle }: { circle: CircleSummary }) {
  const mute = useSetCircleMuted();
  const toast = useToast();
  const toggle = () =>
    mute.mutate(
      { slug: circle.slug, muted: !circle.muted },
      { onSuccess: ({ circle: c }) => toast.success(c.muted ? "Circle muted" : "Circle unmuted"), onError: (err) => toast.error(errorMessage(err)) },
    );
  return (
    <section aria-label="Your membership" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button variant="secondary" onClick={toggle} disabled={mute.isPending}>
          {circle.muted ? "Unmute circle" : "Mute circle"}
        </Button>
        <p className="text-sm text-muted">{circle.muted ? "You get no notifications from this circle." : "You hear of its new prompts and pieces in your notifications."}</p>
      </div>
      <p className="rounded-lg border border-line bg-paper px-4 py-3 text-sm text-muted">{CIRCLE_MESSAGES.progressNotice}</p>
    </section>
  );
}
