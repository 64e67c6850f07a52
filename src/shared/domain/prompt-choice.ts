/**
 * Which stored prompt a writer answers on /write (issue 11 item 1). Prompts are one per
 * calendar date, and a writer's "today" is their own date, which can be a day behind or ahead
 * of the dates an admin scheduled. Pure: dates are YYYY-MM-DD strings.
 *
 * The rule, in order:
 * 1. the prompt dated the writer's own date;
 * 2. else the nearest earlier one (the latest date before theirs);
 * 3. else (their date is before every stored prompt) the nearest later one (the earliest date);
 * 4. else, the table being truly empty, the emergency prompt, stored as that date's prompt
 *    (the server does that; this module only chooses).
 * Every prompt a writer is shown is a stored row they can save and publish against.
 */

/**
 * What a prompt is: the site's prompt of a date, the single freewrite prompt, or a circle's own
 * prompt of a date (issue 29 item 5; its date lives in circle_prompts, so every date-keyed site
 * read of prompts passes it by), and "write_in": a write-in's own prompt (issue 30 item 1; no date,
 * its write-in names it).
 */
export const PROMPT_KINDS = ["daily", "freewrite", "circle", "write_in"] as const;
export type PromptKind = (typeof PROMPT_KINDS)[number];

/** today: the writer's own date; earlier: the latest before it; later: the earliest after it. */
export const PROMPT_SOURCES = ["today", "earlier", "later"] as const;
export type PromptSource = (typeof PROMPT_SOURCES)[number];

interface DatedPrompt {
  date: string | null;
}

/**
 * The prompt for `today`, given the stored daily prompt nearest on or before it and the one
 * nearest after it; null only when there is neither (no daily prompt is stored at all).
 */
export function choosePrompt<P extends DatedPrompt>(
  today: string,
  onOrBefore: P | null,
  after: P | null,
): { prompt: P; source: PromptSource } | null {
  if (onOrBefore) return { prompt: onOrBefore, source: onOrBefore.date === today ? "today" : "earlier" };
  if (after) return { prompt: after, source: "later" };
  return null;
}

interface AnswerablePrompt {
  id: string;
  kind: PromptKind;
  date: string | null;
}

/**
 * May a piece written on the writer's `today` answer `prompt`? Any prompt dated up to their date
 * (a piece begun before midnight still saves after it) and the freewrite prompt; a prompt dated
 * after their date only when it is the one the rule above shows them (`shownId`) — never a
 * scheduled prompt they could not have seen yet.
 */
export function mayAnswerPrompt(prompt: AnswerablePrompt, today: string, shownId: string | null): boolean {
  if (prompt.kind !== "daily" || prompt.date === null || prompt.date <= today) return true;
  return prompt.id === shownId;
}
