import { ACHIEVEMENT_NAMES, ACHIEVEMENT_PAGES, PAGE_ACHIEVEMENT_TYPES, type PageAchievementType } from "./achievements.ts";
import { hundredths } from "./words.ts";

/**
 * Tiers by lifetime pages written (spec §9): New Voice under 50, then the achievement tiers
 * (Novella Club 50, Centurion Club 100, Storysmith 200, Page Walker 365) and a "Literary Legend"
 * message at 365 or more. Pure.
 */
export type TierKey = "new_voice" | PageAchievementType;

export interface Tier {
  key: TierKey;
  name: string;
  /** Lifetime pages at which the tier begins. */
  minPages: number;
}

export const TIERS: readonly Tier[] = [
  { key: "new_voice", name: "New Voice", minPages: 0 },
  ...PAGE_ACHIEVEMENT_TYPES.map((t) => ({ key: t, name: ACHIEVEMENT_NAMES[t], minPages: ACHIEVEMENT_PAGES[t] })),
];

/** At this many pages a writer is a "Literary Legend" (the top tier reached). */
export const LITERARY_LEGEND_PAGES = ACHIEVEMENT_PAGES.page_walker;
export const LITERARY_LEGEND_TITLE = "Literary Legend";

export interface TierProgress {
  pagesWritten: number;
  current: Tier;
  /** The next tier, or null at the top. */
  next: Tier | null;
  /** Pages still to write for the next tier, to one decimal (at least 0.1 until it is reached); null at the top. */
  pagesToNext: number | null;
  /** 0..1 through the current tier towards the next (1 at the top). */
  fraction: number;
  isLegend: boolean;
}

/** The smallest "pages to go" shown: never "0.0 pages to" a tier not yet reached. */
const MIN_PAGES_TO_NEXT = 0.1;

function clean(pages: number): number {
  return Number.isFinite(pages) && pages > 0 ? pages : 0;
}

export function tierFor(pagesWritten: number): Tier {
  const h = hundredths(clean(pagesWritten));
  let current = TIERS[0]!;
  for (const tier of TIERS) if (h >= tier.minPages * 100) current = tier;
  return current;
}

export function tierProgress(pagesWritten: number): TierProgress {
  const pages = clean(pagesWritten);
  const current = tierFor(pages);
  const next = TIERS[TIERS.indexOf(current) + 1] ?? null;
  const h = hundredths(pages);
  const isLegend = h >= LITERARY_LEGEND_PAGES * 100;
  if (!next) return { pagesWritten: pages, current, next: null, pagesToNext: null, fraction: 1, isLegend };
  const pagesToNext = Math.max(MIN_PAGES_TO_NEXT, Math.round((next.minPages * 100 - h) / 10) / 10);
  const fraction = Math.min(1, Math.max(0, (h - current.minPages * 100) / ((next.minPages - current.minPages) * 100)));
  return { pagesWritten: pages, current, next, pagesToNext, fraction, isLegend };
}
