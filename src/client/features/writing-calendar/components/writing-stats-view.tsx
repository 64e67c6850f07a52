import { Suspense } from "react";
import { Link } from "react-router";
import { streakLabel } from "#shared/domain/streaks.ts";
import { hourLabel } from "#shared/domain/writing-calendar.ts";
import { formatPages } from "#shared/domain/words.ts";
import { WRITING_STATS_MESSAGES, type WritingStats } from "#shared/schemas/writing-stats.ts";
import { paths } from "#client/config/paths.ts";
import { useTheme } from "#client/components/layout/theme-toggle.tsx";
import { useWritingStats } from "../api/get-writing-stats.ts";
import { MonthChart, YearHeatmap } from "./lazy-parts.ts";
import { MonthTable } from "./month-table.tsx";
import { CalendarFailed, CalendarLoading, Stat } from "./stats-states.tsx";

/** Earlier and later years, within the years the writer has written in (up to their current year). */
function YearNav({ stats }: { stats: WritingStats }) {
  const { year, firstYear, currentYear } = stats;
  const link = "inline-flex min-h-11 items-center px-2 text-muted underline underline-offset-4 hover:text-accent";
  return (
    <nav aria-label="Years" className="flex items-center gap-2">
      {firstYear !== null && year > firstYear && (
        <Link to={paths.profileStats.href(year - 1)} className={link}>
          {`← ${year - 1}`}
        </Link>
      )}
      {year < currentYear && (
        <Link to={paths.profileStats.href(year + 1 === currentYear ? undefined : year + 1)} className={link}>
          {`${year + 1} →`}
        </Link>
      )}
    </nav>
  );
}

function Numbers({ stats }: { stats: WritingStats }) {
  const { totals } = stats;
  return (
    <dl className="mt-8 grid grid-cols-2 gap-6 sm:grid-cols-3">
      <Stat label="Longest streak, ever">{streakLabel(stats.longestStreak)}</Stat>
      <Stat label="Words">{totals.words.toLocaleString("en-US")}</Stat>
      <Stat label="Pages">{formatPages(totals.pages)}</Stat>
      <Stat label="Days written">{totals.writingDays}</Stat>
      <Stat label="Words per writing day">{totals.averageWordsPerDay.toLocaleString("en-US")}</Stat>
      <Stat label="You usually write">{stats.usualHour === null ? "—" : hourLabel(stats.usualHour)}</Stat>
    </dl>
  );
}

/** /profile/stats: a year's calendar of words, its numbers and pieces per month. */
export function WritingStatsView({ year }: { year: number | null }) {
  const stats = useWritingStats(year);
  const [dark] = useTheme();
  if (!stats.data) {
    return stats.isError ? <CalendarFailed retrying={stats.isFetching} onRetry={() => void stats.refetch()} /> : <CalendarLoading tall />;
  }
  const data = stats.data;
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-serif text-2xl">{data.year}</h2>
        <YearNav stats={data} />
      </div>
      {data.days.length === 0 && <p className="mt-2 text-sm text-muted">{WRITING_STATS_MESSAGES.empty}</p>}
      <div className="mt-4">
        <Suspense fallback={<CalendarLoading tall />}>
          <YearHeatmap year={data.year} days={data.days} dark={dark} />
        </Suspense>
      </div>
      <Numbers stats={data} />
      <section aria-labelledby="per-month-heading" className="mt-10">
        <h3 id="per-month-heading" className="font-serif text-xl">
          Pieces per month
        </h3>
        <Suspense fallback={<CalendarLoading />}>
          <MonthChart piecesPerMonth={data.piecesPerMonth} />
        </Suspense>
        <MonthTable year={data.year} piecesPerMonth={data.piecesPerMonth} />
      </section>
    </>
  );
}
