import { achievementLabel } from "#shared/domain/achievements.ts";
import { graceDayLine } from "#shared/domain/streaks.ts";
import { formatPages } from "#shared/domain/words.ts";
import type { PortfolioStats } from "#shared/schemas/portfolio.ts";
import { Button } from "#client/components/ui/button.tsx";

export const STATS_LOADING = "Loading your stats...";
export const STATS_FAILED = "Your stats could not be loaded.";

/** "{n} Day Streak • {n} Works • {n} Pages Written" (+ " • {n} Editors' Selections" above zero). */
export function statsLine(stats: Pick<PortfolioStats, "currentStreak" | "works" | "pagesWritten" | "editorsSelections">): string {
  const parts = [`${stats.currentStreak} Day Streak`, `${stats.works} Works`, `${formatPages(stats.pagesWritten)} Pages Written`];
  if (stats.editorsSelections > 0) parts.push(`${stats.editorsSelections} Editors' Selections`);
  return parts.join(" • ");
}

/** "1 write-in this year", "12 write-ins this year"; null for none (the profile then says nothing about write-ins). */
export function writeInsLine(count: number | undefined): string | null {
  if (!count || count < 1) return null;
  return count === 1 ? "1 write-in this year" : `${count} write-ins this year`;
}

function BirdIcon() {
  return (
    <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
      <path d="M16 7h.01" />
      <path d="M3.4 18H12a8 8 0 0 0 8-8V7a4 4 0 0 0-7.28-2.3L2 20" />
      <path d="m20 7 2 .5-2 .5" />
      <path d="M10 18v3" />
      <path d="M14 17.75V21" />
      <path d="M7 18a6 6 0 0 0 3.84-10.61" />
    </svg>
  );
}

export function ProfileHeader({
  fullName,
  alias,
  stats,
  statsFailed,
  retryingStats,
  onRetryStats,
  onEditProfile,
  onShowProgress,
}: {
  fullName: string;
  alias: string | null;
  stats: PortfolioStats | undefined;
  /** The stats request failed (and there are none to show). */
  statsFailed: boolean;
  retryingStats: boolean;
  onRetryStats: () => void;
  onEditProfile: () => void;
  onShowProgress: () => void;
}) {
  const writeIns = writeInsLine(stats?.writeInsThisYear);
  return (
    <header>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <h1 className="min-w-0 font-serif text-4xl leading-tight [overflow-wrap:anywhere] sm:text-5xl">{fullName.trim() || "Writer"}</h1>
        <button
          type="button"
          onClick={onEditProfile}
          aria-label="Edit your alias and name"
          title="Edit your alias and name"
          className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-accent hover:bg-accent-soft"
        >
          <BirdIcon />
        </button>
      </div>
      {alias && (
        <p className="mt-1 min-w-0 text-muted [overflow-wrap:anywhere]">
          writing as <span className="font-serif italic text-ink">{alias}</span>
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="text-sm text-muted" aria-live="polite">
          {stats ? statsLine(stats) : statsFailed ? STATS_FAILED : STATS_LOADING}
        </p>
        {!stats && statsFailed && (
          <Button variant="ghost" onClick={onRetryStats} disabled={retryingStats} className="-ml-3 text-sm sm:ml-0">
            {retryingStats ? "Trying again..." : "Try again"}
          </Button>
        )}
        <Button variant="ghost" onClick={onShowProgress} className="-ml-3 text-sm underline underline-offset-4 sm:ml-0">
          Progress
        </Button>
      </div>
      {stats?.forgivenessDayUsed && <p className="mt-1 text-sm text-muted">{graceDayLine(stats.forgivenessDayUsed)}</p>}
      {writeIns && <p className="mt-1 text-sm text-muted">{writeIns}</p>}
      {stats && stats.achievements.length > 0 && (
        <section aria-label="Achievements" className="mt-3">
          <ul className="flex flex-wrap gap-2">
            {stats.achievements.map((a) => (
              <li key={a.achievementType} className="rounded-full border border-accent/40 bg-accent-soft px-3 py-1 text-xs font-medium">
                {achievementLabel(a.achievementType, a.year)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </header>
  );
}
