import { useId } from "react";
import { Link } from "react-router";
import { missingPromptsWarning } from "#shared/domain/scheduler.ts";
import { paths } from "#client/config/paths.ts";
import { useSchedulerGaps } from "../api/get-scheduler-gaps.ts";

/**
 * On /admin and /admin/scheduler: a warning when a date that is already tomorrow in some writer's
 * time zone has no prompt, naming the dates, with a link to the scheduler's week of the first.
 * Nothing while loading or when every such date has its prompt.
 */
export function SchedulerGapsWarning({ className = "" }: { className?: string }) {
  const query = useSchedulerGaps();
  const headingId = useId();
  if (query.isError) {
    return (
      <p role="alert" className={`text-sm text-muted ${className}`}>
        Could not check whether the coming days have prompts.{" "}
        <button type="button" onClick={() => void query.refetch()} className="min-h-11 underline hover:text-accent">
          Check again
        </button>
      </p>
    );
  }
  const missing = query.data?.missing ?? [];
  const first = missing[0];
  if (!first) return null;
  return (
    <section aria-labelledby={headingId} className={`rounded-xl border border-danger/60 bg-card p-4 ${className}`}>
      <h2 id={headingId} className="font-sans text-sm font-semibold text-danger">
        {missing.length > 1 ? "Prompts missing for the coming days" : "A prompt is missing for a coming day"}
      </h2>
      <p className="mt-1 text-sm text-ink">{missingPromptsWarning(missing)}</p>
      <Link to={paths.adminScheduler.href(first)} className="mt-2 inline-flex min-h-11 items-center text-sm font-medium text-accent underline hover:text-ink">
        Schedule {missing.length > 1 ? "them" : "it"} in the Weekly Scheduler
      </Link>
    </section>
  );
}
