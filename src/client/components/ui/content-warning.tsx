import { useId, useState, type ReactNode } from "react";
import { contentWarningText } from "#shared/domain/piece-controls.ts";

/**
 * The writer's content warning before a piece's text (issue 13 item 6): the warning and a "Show"
 * button; the text appears only once the reader asks. Without a warning, the text as it is.
 * Sits above a card's whole-card link (z-10), so "Show" is its own control.
 */
export function ContentWarning({ warning, children, className = "" }: { warning: string | null; children: ReactNode; className?: string }) {
  const [shown, setShown] = useState(false);
  const id = useId();
  if (!warning || shown) return <>{children}</>;
  return (
    <div className={`relative z-10 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg border border-line bg-accent-soft px-4 py-2 ${className}`}>
      <p id={id} className="min-w-0 text-sm text-ink">
        {contentWarningText(warning)}
      </p>
      <button
        type="button"
        aria-describedby={id}
        onClick={() => setShown(true)}
        className="inline-flex min-h-11 items-center rounded-md px-2 text-sm font-medium text-accent underline underline-offset-4 hover:text-ink"
      >
        Show
      </button>
    </div>
  );
}
