/**
 * Achievements for lifetime pages written (spec §9 tiers, README decision "Achievements"):
 * awarded when the total first crosses a threshold, stamped with the year, never twice.
 */
export const ACHIEVEMENT_TYPES = ["novella_club", "centurion_club", "storysmith", "page_walker"] as const;
export type AchievementType = (typeof ACHIEVEMENT_TYPES)[number];

export const ACHIEVEMENT_PAGES: Record<AchievementType, number> = {
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
};

/**
 * Every achievement a lifetime total of `pages` has reached, smallest first. The server awards
 * the ones a writer does not hold yet (a unique index makes "never twice" hold under races).
 */
export function achievementsReached(pages: number): AchievementType[] {
  return ACHIEVEMENT_TYPES.filter((t) => pages >= ACHIEVEMENT_PAGES[t]);
}

/** "Novella Club · 2026" */
export function achievementLabel(type: AchievementType, year: number): string {
  return `${ACHIEVEMENT_NAMES[type]} · ${year}`;
}
