/**
 * The weekly prompt scheduler (spec §2 Weekly scheduler, §4 day status, §5, §8). Pure: dates are
 * YYYY-MM-DD strings, weeks start on Sunday, nothing here knows about the database.
 */
import { DAYS_PER_WEEK } from "../constants.ts";
import { addDays, weekStart } from "./dates.ts";
import { formatLongDate, formatShortDate, plural } from "./format.ts";

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

/** The seven dates, Sunday to Saturday, of the week holding `date`. */
export function weekOf(date: string): string[] {
  const start = weekStart(date);
  return Array.from({ length: DAYS_PER_WEEK }, (_, i) => addDays(start, i));
}

/** The Sunday `weeks` weeks before (negative) or after the week holding `date`. */
export function shiftWeek(date: string, weeks: number): string {
  return addDays(weekStart(date), weeks * DAYS_PER_WEEK);
}

export function weekdayName(date: string): WeekdayName {
  return WEEKDAY_NAMES[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
}

/**
 * "Nov 15 - Nov 21, 2026" (spec: "Mon d - Mon d, year"). A week that spans New Year names both
 * years, so it cannot be misread: "Dec 27, 2026 - Jan 2, 2027".
 */
export function weekLabel(date: string): string {
  const start = weekStart(date);
  const end = addDays(start, DAYS_PER_WEEK - 1);
  const startYear = start.slice(0, 4);
  const endYear = end.slice(0, 4);
  const first = startYear === endYear ? formatShortDate(start) : `${formatShortDate(start)}, ${startYear}`;
  return `${first} - ${formatShortDate(end)}, ${endYear}`;
}

/** What the admin typed for one day. */
export interface DayInput {
  date: string;
  text: string;
  author?: string | null | undefined;
}

/** What is stored for one day. */
export interface StoredDay {
  text: string;
  author: string | null;
}

/** "conflict": the day changed since the admin loaded it, and the admin's edit would overwrite that. */
export type DayAction = "create" | "update" | "delete" | "empty" | "unchanged" | "conflict";

export interface DayPlan {
  date: string;
  action: DayAction;
  /** Trimmed text (empty for delete/empty). */
  text: string;
  /** Trimmed author, null when blank. */
  author: string | null;
}

/** Trims the text; the author only counts when it is non-empty after trimming (spec §5). */
export function normalizeDay(input: DayInput): { date: string; text: string; author: string | null } {
  const text = input.text.trim();
  const author = input.author?.trim() || null;
  return { date: input.date, text, author: text ? author : null };
}

/** A day's prompt as the scheduler compares it: trimmed, author only with text, null when empty. */
function contentOf(day: { text: string; author?: string | null | undefined } | null): StoredDay | null {
  if (!day) return null;
  const { text, author } = normalizeDay({ date: "", text: day.text, author: day.author });
  return text ? { text, author } : null;
}

function sameContent(a: StoredDay | null, b: StoredDay | null): boolean {
  if (!a || !b) return a === b;
  return a.text === b.text && a.author === b.author;
}

/**
 * One day: create a prompt, update it, delete it (text left empty), or nothing to do.
 *
 * `expected` is the day as the admin loaded it (null: it was empty). When given, a day the admin
 * did not edit is left exactly as it is now (whatever someone else saved meanwhile), and an edited
 * day whose stored prompt no longer matches what was loaded is a "conflict" rather than a silent
 * overwrite — unless it already holds what the admin wants.
 */
export function planDay(input: DayInput, stored: StoredDay | null, expected?: StoredDay | null): DayPlan {
  const day = normalizeDay(input);
  if (expected !== undefined) {
    const wanted = contentOf(day);
    const now = contentOf(stored);
    if (sameContent(wanted, contentOf(expected))) return { ...day, action: now ? "unchanged" : "empty" };
    if (!sameContent(now, contentOf(expected)) && !sameContent(now, wanted)) return { ...day, action: "conflict" };
  }
  if (!day.text) return { ...day, action: stored ? "delete" : "empty" };
  if (!stored) return { ...day, action: "create" };
  if (stored.text === day.text && (stored.author ?? null) === day.author) return { ...day, action: "unchanged" };
  return { ...day, action: "update" };
}

/** The whole week, day by day; `stored` is keyed by date. */
export function planWeek(inputs: DayInput[], stored: ReadonlyMap<string, StoredDay> | Record<string, StoredDay>): DayPlan[] {
  const get = (date: string) => (stored instanceof Map ? stored.get(date) : (stored as Record<string, StoredDay>)[date]) ?? null;
  return inputs.map((input) => planDay(input, get(input.date)));
}

/** A day's status after a save (spec §4: saved = new prompt created, updated, deleted, empty, error). */
export type DayStatus = "saved" | "updated" | "deleted" | "empty" | "unchanged" | "error";

export const STATUS_FOR_ACTION: Record<DayAction, DayStatus> = {
  create: "saved",
  update: "updated",
  delete: "deleted",
  empty: "empty",
  unchanged: "unchanged",
  conflict: "error",
};

export interface DayOutcome {
  date: string;
  status: DayStatus;
  /** Why the day failed (status "error"). */
  message?: string | undefined;
}

export interface SaveCounts {
  created: number;
  updated: number;
  deleted: number;
  errors: number;
}

export function countOutcomes(outcomes: DayOutcome[]): SaveCounts {
  const counts: SaveCounts = { created: 0, updated: 0, deleted: 0, errors: 0 };
  for (const o of outcomes) {
    if (o.status === "saved") counts.created++;
    else if (o.status === "updated") counts.updated++;
    else if (o.status === "deleted") counts.deleted++;
    else if (o.status === "error") counts.errors++;
  }
  return counts;
}

/** "2 new prompts created, 1 prompt updated, 1 prompt deleted": the non-zero counts only. */
export function countsText(counts: SaveCounts): string {
  const parts: string[] = [];
  if (counts.created) parts.push(plural(counts.created, "new prompt created", "new prompts created"));
  if (counts.updated) parts.push(plural(counts.updated, "prompt updated", "prompts updated"));
  if (counts.deleted) parts.push(plural(counts.deleted, "prompt deleted", "prompts deleted"));
  return parts.join(", ");
}

export type NoticeTone = "success" | "info" | "error";

/** The message after "Save All Prompts" (spec §8 Scheduler). */
export function saveSummary(outcomes: DayOutcome[]): { tone: NoticeTone; message: string } {
  const counts = countOutcomes(outcomes);
  const done = countsText(counts);
  if (counts.errors > 0) {
    const errors = outcomes
      .filter((o) => o.status === "error")
      .map((o) => `${weekdayName(o.date)}: ${o.message ?? "Unknown error"}`)
      .join("; ");
    return { tone: "error", message: `Partially completed: ${done || "no changes made"}. Errors: ${errors}` };
  }
  if (done) return { tone: "success", message: `Success! ${done}` };
  return { tone: "info", message: "No changes needed" };
}

/** The message after loading a week (spec §8 Scheduler). */
export function loadSummary(existing: number): string {
  if (existing === 0) return "No existing prompts found for this week - ready to create new ones";
  return `Loaded ${plural(existing, "existing prompt", "existing prompts")} for this week`;
}

/**
 * "Tomorrow" somewhere: the server counts days in UTC, and the earliest zone (UTC+14) is at most
 * one date ahead of it, so its tomorrow is at most two dates ahead. The next LOOKAHEAD_DAYS dates
 * after the server's date are the ones admins are warned about when they have no prompt.
 */
export const SERVER_TIME_ZONE = "UTC";
export const LOOKAHEAD_DAYS = 2;

/** The dates after `serverToday` that are already tomorrow in some writer's time zone. */
export function upcomingDates(serverToday: string): string[] {
  return Array.from({ length: LOOKAHEAD_DAYS }, (_, i) => addDays(serverToday, i + 1));
}

/** Of the upcoming dates, those with no stored prompt, in date order. */
export function missingUpcomingDates(serverToday: string, storedDates: readonly string[]): string[] {
  const stored = new Set(storedDates);
  return upcomingDates(serverToday).filter((d) => !stored.has(d));
}

/** The admins' warning for missing upcoming prompts: "Monday, June 4, 2040 and Tuesday, June 5, 2040 ...". */
export function missingPromptsWarning(missing: readonly string[]): string {
  const days = missing.map((d) => `${weekdayName(d)}, ${formatLongDate(d)}`);
  const list = days.length > 1 ? `${days.slice(0, -1).join(", ")} and ${days.at(-1)}` : (days[0] ?? "");
  return `No prompt is scheduled for ${list}. Writers in time zones ahead reach ${days.length > 1 ? "these days" : "this day"} first; until a prompt is set they see the latest earlier one.`;
}
