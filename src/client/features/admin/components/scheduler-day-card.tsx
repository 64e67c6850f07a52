import { useId } from "react";
import { formatLongDate } from "#shared/domain/format.ts";
import { weekdayName, type DayStatus } from "#shared/domain/scheduler.ts";
import { Markup } from "#client/components/ui/markup.tsx";

export type DayBadge = DayStatus | "edited";

export interface DayDraft {
  text: string;
  author: string;
}

const BADGE: Record<DayBadge, { label: string; className: string }> = {
  saved: { label: "saved", className: "bg-accent-soft text-success" },
  updated: { label: "updated", className: "bg-accent-soft text-success" },
  deleted: { label: "deleted", className: "bg-accent-soft text-ink" },
  empty: { label: "empty", className: "border border-line text-muted" },
  unchanged: { label: "unchanged", className: "border border-line text-muted" },
  error: { label: "error", className: "bg-danger text-paper" },
  edited: { label: "edited", className: "border border-accent text-accent" },
};

/**
 * One day of the week: date, prompt (4 rows), author attribution, preview and the day's status.
 * `disabled` while the week asked for is still loading (the cards show the week being left):
 * text typed then would belong to neither.
 */
export function SchedulerDayCard({
  date,
  draft,
  status,
  error,
  submissionCount,
  isToday,
  disabled = false,
  onChange,
}: {
  date: string;
  draft: DayDraft;
  status: DayBadge | null;
  error?: string | undefined;
  submissionCount: number;
  isToday: boolean;
  disabled?: boolean;
  onChange: (next: DayDraft) => void;
}) {
  const day = weekdayName(date);
  const ids = { heading: useId(), text: useId(), author: useId(), note: useId(), error: useId() };
  const author = draft.author.trim();
  const describedBy = [submissionCount > 0 ? ids.note : null, error ? ids.error : null].filter(Boolean).join(" ") || undefined;
  return (
    <section aria-labelledby={ids.heading} className={`flex min-w-0 flex-col rounded-xl border bg-card p-4 ${isToday ? "border-accent" : "border-line"}`}>
      <div className="mb-3 flex items-start justify-between gap-2">
        <h3 id={ids.heading} className="leading-tight">
          <span className="block font-serif text-xl">{day}</span>
          <span className="text-sm text-muted">
            <time dateTime={date}>{formatLongDate(date)}</time>
            {isToday && <span className="ml-2 font-medium text-accent">Today</span>}
          </span>
        </h3>
        {status && (
          <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium ${BADGE[status].className}`}>
            <span className="sr-only">Status: </span>
            {BADGE[status].label}
          </span>
        )}
      </div>
      <label htmlFor={ids.text} className="sr-only">
        {day}'s prompt
      </label>
      <textarea
        id={ids.text}
        rows={4}
        value={draft.text}
        placeholder={`Enter ${day}'s writing prompt...`}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        disabled={disabled}
        onChange={(e) => onChange({ ...draft, text: e.target.value })}
        className="w-full resize-y rounded-md border border-line bg-paper p-2.5 font-serif leading-relaxed text-ink placeholder:text-muted focus:border-accent disabled:cursor-wait"
      />
      <label htmlFor={ids.author} className="mt-3 text-sm font-medium text-ink">
        Author attribution (optional)
      </label>
      <input
        id={ids.author}
        value={draft.author}
        disabled={disabled}
        onChange={(e) => onChange({ ...draft, author: e.target.value })}
        placeholder="Author name"
        className="mt-1 min-h-11 rounded-md border border-line bg-paper px-3 text-base text-ink placeholder:text-muted focus:border-accent disabled:cursor-wait"
      />
      {submissionCount > 0 && (
        <p id={ids.note} className="mt-2 text-xs text-muted">
          {submissionCount} {submissionCount === 1 ? "piece was" : "pieces were"} written for this prompt: it can be edited, not deleted.
        </p>
      )}
      {error && (
        <p id={ids.error} className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
      {draft.text.trim() && (
        <div className="mt-3 border-t border-line pt-3">
          <p className="text-xs font-semibold uppercase tracking-wider text-muted">Preview</p>
          <Markup text={draft.text.trim()} mode="prompt" className="mt-1 font-serif leading-relaxed [overflow-wrap:anywhere]" />
          {author && <p className="mt-1 font-serif text-sm italic text-muted [overflow-wrap:anywhere]">Prompt by {author}</p>}
        </div>
      )}
    </section>
  );
}
