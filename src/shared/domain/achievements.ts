/**
 * Achievements for lifetime pages written (spec §9 tiers, README decision "Achievements"):
 * awarded when the total first crosses a threshold, stamped with the year, never twice.
 */
export const PAGE_ACHIEVEMENT_TYPES = ["novella_club", "centurion_club", "storysmith", "page_walker"] as const;
export type PageAchievementType = (typeof PAGE_ACHIEVEMENT_TYPES)[number];

/** Write-ins taken part in (issue 30 item 3): the first and the tenth. Not tiers. */
export const WRITE_IN_ACHIEVEMENT_TYPES = ["first_write_in", "tenth_write_in"] as const;
export type WriteInAchievementType = (typeof WRITE_IN_ACHIEVEMENT_TYPES)[number];

export const ACHIEVEMENT_TYPES = [...PAGE_ACHIEVEMENT_TYPES, ...WRITE_IN_ACHIEVEMENT_TYPES] as const;
export type AchievementType = (typeof ACHIEVEMENT_TYPES)[number];

export const ACHIEVEMENT_PAGES: Record<PageAchievementType, number> = {
  novella_club: 50,
  centurion_club: 100,
  storysmith: 200,
  page_walker: 365,
};

export const ACHIEVEMENT_NAMES: Record<AchievementType, string> = {
  novella_club: "Novella Club",
  centurion_club: "Centurion Club",
  storysmith: "Storysmith",
  page_walker: "Page Walker",
  first_write_in: "First Write-in",
  tenth_write_in: "Tenth Write-in",
};

/** How many write-ins each write-in achievement marks. */
export const ACHIEVEMENT_WRITE_INS: Record<WriteInAchievementType, number> = { first_write_in: 1, tenth_write_in: 10 };

/**
 * Every achievement a lifetime total of `pages` has reached, smallest first. The server awards
 * the ones a writer does not hold yet (a unique index makes "never twice" hold under races).
 */
export function achievementsReached(pages: number): PageAchievementType[] {
  return PAGE_ACHIEVEMENT_TYPES.filter((t) => pages >= ACHIEVEMENT_PAGES[t]);
}

/** "Novella Club · 2026" */
export function achievementLabel(type: AchievementType, year: number): string {
  return `${ACHIEVEMENT_NAMES[type]} · ${year}`;
}
