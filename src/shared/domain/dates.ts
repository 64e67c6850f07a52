/**
 * Calendar dates as YYYY-MM-DD strings in a writer's own time zone. Pure: `now` and the
 * zone are arguments.
 */
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/*
 * The formatters, kept by zone: ICU takes about 0.1 ms to make one and a few µs to format with
 * it, and a request that reads a writer's day made two or three (issue 28 item 2). They are kept
 * under the zone's own name (ICU takes any letter case: "europe/PARIS" is Europe/Paris), each
 * about 35 KB, at most MAX_FORMATTERS of them; the names a request gave map to it, at most
 * MAX_NAMES. Past either the map is emptied, so made-up names cannot grow it.
 */
const FORMATS = {
  date: { year: "numeric", month: "2-digit", day: "2-digit" },
  moment: { hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit" },
  offset: { hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const MAX_FORMATTERS = 256;
const MAX_NAMES = 1024;
const formatters = new Map<string, Intl.DateTimeFormat>();
const zoneNames = new Map<string, string>();

/** The zone's own name; throws a RangeError for a zone ICU does not know. */
function zoneNamed(timeZone: string): string {
  let zone = zoneNames.get(timeZone);
  if (zone === undefined) {
    zone = new Intl.DateTimeFormat("en-CA", { timeZone }).resolvedOptions().timeZone;
    if (zoneNames.size >= MAX_NAMES) zoneNames.clear();
    zoneNames.set(timeZone, zone);
  }
  return zone;
}

/** The en-CA formatter of `format` in `timeZone`; throws a RangeError for a zone ICU does not know. */
function formatterFor(format: keyof typeof FORMATS, timeZone: string): Intl.DateTimeFormat {
  const zone = zoneNamed(timeZone);
  const key = `${format} ${zone}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", { timeZone: zone, ...FORMATS[format] });
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, f);
  }
  return f;
}

export function isValidTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  try {
    zoneNamed(tz);
    return true;
  } catch {
    return false;
  }
}

/** The local calendar date at `now` in `timeZone` (falls back to UTC for an unknown zone). */
export function localDate(now: Date, timeZone: string): string {
  const tz = isValidTimeZone(timeZone) ? timeZone : "UTC";
  const parts = formatterFor("date", tz).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

export function isIsoDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Adds whole days to a YYYY-MM-DD date (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from a to b (b - a). */
export function daysBetween(a: string, b: string): number {
  const ms = Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

/** Sunday that starts the week holding `date`. */
export function weekStart(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return addDays(date, -d.getUTCDay());
}

/** Milliseconds `timeZone`'s wall clock is ahead of UTC at `at`. */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = formatterFor("offset", timeZone).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a YYYY-MM-DD `date` begins in `timeZone` (UTC for an unknown zone). */
export function localDayStart(date: string, timeZone: string): Date {
  const tz = isValidTimeZone(timeZone) ? timeZone : "UTC";
  const wallMidnight = Date.parse(`${date}T00:00:00Z`);
  // Twice: the offset at the first guess may differ from the offset at the true instant (a DST change).
  const guess = wallMidnight - zoneOffsetMs(new Date(wallMidnight), tz);
  return new Date(wallMidnight - zoneOffsetMs(new Date(guess), tz));
}

/** The instant the writer's local `date` reaches `hour`:00 (the weekly best-of's Sunday 09:00). */
export function localHourStart(date: string, hour: number, timeZone: string): Date {
  return localMinuteStart(date, hour * 60, timeZone);
}

/** The instant the local `date` reaches `minuteOfDay` minutes after midnight in `timeZone` (a weekly write-in's wall time). */
export function localMinuteStart(date: string, minuteOfDay: number, timeZone: string): Date {
  const tz = isValidTimeZone(timeZone) ? timeZone : "UTC";
  const wall = Date.parse(`${date}T00:00:00Z`) + minuteOfDay * 60_000;
  const guess = wall - zoneOffsetMs(new Date(wall), tz);
  return new Date(wall - zoneOffsetMs(new Date(guess), tz));
}

/** Minutes after local midnight at an instant in `timeZone` (seconds dropped). */
export function localMinuteOfDay(at: Date, timeZone: string): number {
  const tz = isValidTimeZone(timeZone) ? timeZone : "UTC";
  const local = at.getTime() + zoneOffsetMs(at, tz);
  return Math.floor((((local % 86_400_000) + 86_400_000) % 86_400_000) / 60_000);
}

/** [start, end) of the writer's local `date` as instants, for comparing stored times without the database's zone list. */
export function localDayBounds(date: string, timeZone: string): { start: Date; end: Date } {
  return { start: localDayStart(date, timeZone), end: localDayStart(addDays(date, 1), timeZone) };
}

/** A writer's wall clock at an instant: their date, weekday (0 = Sunday), day of month and hour. */
export interface LocalMoment {
  date: string;
  weekday: number;
  day: number;
  hour: number;
}

export function localMoment(now: Date, timeZone: string): LocalMoment {
  const tz = isValidTimeZone(timeZone) ? timeZone : "UTC";
  const parts = formatterFor("moment", tz).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  const date = `${get("year")}-${get("month")}-${get("day")}`;
  return { date, weekday: new Date(`${date}T00:00:00Z`).getUTCDay(), day: Number(get("day")), hour: Number(get("hour")) };
}
