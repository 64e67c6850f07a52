import type { ReactNode } from "react";
import { WRITING_STATS_MESSAGES } from "#shared/schemas/writing-stats.ts";
import { Button } from "#client/components/ui/button.tsx";

/** Where a lazy part or the numbers are still on their way: holds the calendar's height, says so politely. */
export function CalendarLoading({ tall = false }: { tall?: boolean }) {
  return (
    <p role="status" className={`flex items-center text-sm text-muted ${tall ? "min-h-40" : "min-h-28"}`}>
      {WRITING_STATS_MESSAGES.loading}
    </p>
  );
}

/** The calendar could not be loaded: the reason and a way to try again. */
export function CalendarFailed({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
      <p className="text-muted">{WRITING_STATS_MESSAGES.failed}</p>
      <Button variant="ghost" onClick={onRetry} disabled={retrying}>
        {retrying ? "Trying again..." : "Try again"}
      </Button>
    </div>
  );
}

/** One number of the stats: a label above a big value. */
export function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-serif text-2xl tabular-nums">{children}</dd>
    </div>
  );
}
