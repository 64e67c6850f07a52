/*
 * Which nightly backups to keep (issue 27 item 1): the 7 newest (one a day), and the newest of
 * each of the 4 newest weeks (UTC, weeks starting on Monday). Everything else the nightly job made
 * goes; backups taken by hand or before migrations are never pruned.
 */

export const KEEP_DAILY = 7;
export const KEEP_WEEKLY = 4;

function weekOf(d: Date): string {
  const monday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday.toISOString().slice(0, 10);
}

/** The backups (by when they were taken) to keep, out of `taken`. */
export function backupsToKeep(taken: Date[]): Set<number> {
  const newestFirst = [...taken].sort((a, b) => b.getTime() - a.getTime());
  const keep = new Set(newestFirst.slice(0, KEEP_DAILY).map((d) => d.getTime()));
  const weeks = new Set<string>();
  for (const d of newestFirst) {
    const week = weekOf(d);
    if (weeks.has(week)) continue;
    if (weeks.size === KEEP_WEEKLY) break;
    weeks.add(week);
    keep.add(d.getTime());
  }
  return keep;
}
