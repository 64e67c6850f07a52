import { useId } from "react";
import { formatClock, timerShowsText } from "#shared/domain/writing-session.ts";

function ClockIcon() {
  return (
    <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </svg>
  );
}

/**
 * The countdown in the corner (spec §2): a clock icon whose time shows on hover or focus until
 * the last seconds, then the time as text; it stops at 0:00. Admins see "Admin Mode" instead.
 */
export function CountdownTimer({ left, admin }: { left: number | null; admin: boolean }) {
  const tipId = useId();
  if (admin) {
    return (
      <span className="inline-flex min-h-11 items-center rounded-full border border-accent/40 bg-accent-soft px-3 text-xs font-medium uppercase tracking-wider text-accent">
        Admin Mode
      </span>
    );
  }
  if (left === null) {
    return (
      <span className="inline-flex min-h-11 min-w-11 items-center justify-center text-muted opacity-60" role="img" aria-label="Starting the timer">
        <ClockIcon />
      </span>
    );
  }
  const time = formatClock(left);
  if (timerShowsText(left)) {
    return (
      <span role="timer" aria-label={left === 0 ? "Writing time complete" : `Time left ${time}`} className="inline-flex min-h-11 min-w-11 items-center justify-center font-sans text-sm tabular-nums text-ink">
        {time}
      </span>
    );
  }
  return (
    <span className="group relative inline-flex">
      <button
        type="button"
        aria-label="Time left"
        aria-describedby={tipId}
        className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-full text-muted hover:text-ink focus-visible:text-ink"
      >
        <ClockIcon />
      </button>
      <span
        id={tipId}
        role="tooltip"
        className="pointer-events-none absolute bottom-full right-0 mb-1 whitespace-nowrap rounded-md border border-line bg-card px-2 py-1 font-sans text-sm tabular-nums text-ink opacity-0 shadow-sm transition-opacity group-hover:opacity-100 group-focus-within:opacity-100"
      >
        {time}
      </span>
    </span>
  );
}
