import { useState } from "react";
import type { ReportItemKind } from "#shared/domain/moderation.ts";
import { ReportDialog } from "./report-dialog.tsx";

/**
 * "report" beside a piece or a comment. A visitor is asked to sign in (`onSignInNeeded`); the
 * server refuses one's own writing, so the caller leaves the button off it.
 */
export function ReportButton({
  kind,
  id,
  label,
  signedIn,
  onSignInNeeded,
}: {
  kind: ReportItemKind;
  id: string;
  /** Who or what is reported, for screen readers ("comment by Quiet Fox"). */
  label: string;
  signedIn: boolean;
  onSignInNeeded: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {/* The name says what is reported; an aria-label, so the page's text (and its search) stays "report". */}
      <button
        type="button"
        aria-label={`report ${label}`}
        onClick={() => (signedIn ? setOpen(true) : onSignInNeeded())}
        className="inline-flex min-h-11 items-center rounded-md px-2 text-sm lowercase text-muted hover:text-danger"
      >
        report
      </button>
      {open && <ReportDialog kind={kind} id={id} open onClose={() => setOpen(false)} />}
    </>
  );
}
