import { Link, useLocation } from "react-router";
import type { WriteInSummary } from "#shared/schemas/write-ins.ts";
import { paths } from "#client/config/paths.ts";
import { Button, buttonClass } from "#client/components/ui/button.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useMe } from "#client/lib/get-me.ts";
import { useWriteInRsvp } from "../api/rsvp.ts";
import { canRsvp } from "../lib/write-in-words.ts";

/**
 * "I'm coming" until the start; once said, "You're coming" and a "Not coming" in the same button's
 * place (focus stays on it). A visitor is asked to sign in first. Nothing once it has started.
 */
export function RsvpControl({ writeIn }: { writeIn: WriteInSummary }) {
  const { data: me } = useMe();
  const rsvp = useWriteInRsvp();
  const toast = useToast();
  const location = useLocation();
  if (!canRsvp(writeIn.state)) return null;
  if (!me) {
    return (
      <Link to={paths.signin.href(`${location.pathname}${location.search}`)} className={buttonClass("secondary")}>
        Sign in to say you're coming
      </Link>
    );
  }
  const coming = writeIn.myRsvp;
  const toggle = () => {
    if (!rsvp.isPending) rsvp.mutate({ id: writeIn.id, coming: !coming }, { onError: (err) => toast.error(errorMessage(err)) });
  };
  return (
    <div className="flex flex-wrap items-center gap-y-1">
      <span role="status" className={coming ? "mr-3 font-medium text-success" : ""}>
        {coming ? "✓ You're coming" : ""}
      </span>
      {/* aria-disabled, not disabled, while it is sent: a disabled button would drop the focus. */}
      <Button variant={coming ? "ghost" : "primary"} onClick={toggle} aria-disabled={rsvp.isPending || undefined}>
        {coming ? "Not coming" : "I'm coming"}
      </Button>
    </div>
  );
}
