import { Suspense } from "react";
import { Link } from "react-router";
import { WRITING_STATS_MESSAGES } from "#shared/schemas/writing-stats.ts";
import { paths } from "#client/config/paths.ts";
import { useTheme } from "#client/components/layout/theme-toggle.tsx";
import { useWritingStats } from "../api/get-writing-stats.ts";
import { YearHeatmap } from "./lazy-parts.ts";
import { CalendarFailed, CalendarLoading } from "./stats-states.tsx";

/** The profile's compact writing calendar (this year), linking to the full stats at /profile/stats. */
export function CalendarSection() {
  const stats = useWritingStats(null);
  const [dark] = useTheme();
  return (
    <section aria-labelledby="writing-calendar-heading" className="mt-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="writing-calendar-heading" className="font-serif text-xl">
          Your writing calendar
        </h2>
        <Link to={paths.profileStats.href()} className="text-sm text-muted underline underline-offset-4 hover:text-accent">
          All your writing stats
        </Link>
      </div>
      <div className="mt-3">
        {stats.data ? (
          <>
            {stats.data.days.length === 0 && <p className="mb-2 text-sm text-muted">{WRITING_STATS_MESSAGES.empty}</p>}
            <Suspense fallback={<CalendarLoading />}>
              <YearHeatmap year={stats.data.year} days={stats.data.days} dark={dark} compact />
            </Suspense>
          </>
        ) : stats.isError ? (
          <CalendarFailed retrying={stats.isFetching} onRetry={() => void stats.refetch()} />
        ) : (
          <CalendarLoading />
        )}
      </div>
    </section>
  );
}
