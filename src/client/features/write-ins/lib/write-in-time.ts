import { WRITE_IN_MAX_AHEAD_DAYS } from "#shared/constants.ts";

/*
 * Write-ins' times as a writer reads and types them (issue 30): each start in the viewer's own
 * zone with its name ("Wed 2 Dec, 18:00 CET"), and the form's datetime-local value read in the
 * browser's zone and sent as an instant with its offset.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const pad = (n: number) => String(n).padStart(2, "0");

/** A start as the viewer reads it: weekday, date, time and the zone's short name. `timeZone`/`locale` default to the browser's. */
export function formatWriteInStart(iso: string, { locale, timeZone }: { locale?: string; timeZone?: string } = {}): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));
}

/** The time alone ("18:45"), for an end on the same day as its start. */
export function formatWriteInTime(iso: string, { locale, timeZone }: { locale?: string; timeZone?: string } = {}): string {
  return new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));
}

export const minutesLabel = (minutes: number) => `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;

/** A datetime-local value ("2026-12-02T18:00") for an instant, in the browser's zone. */
export function toLocalInputValue(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A datetime-local value read in the browser's zone, as ISO 8601 with that zone's offset
 * ("2026-12-02T18:00:00+01:00"); null when it is not a time. A wall time skipped by daylight
 * saving comes out as the browser resolves it (an hour later).
 */
export function localInputToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  const offset = -d.getTimezoneOffset();
  const sign = offset >= 0 ? "+" : "-";
  const abs = Math.abs(offset);
  return `${toLocalInputValue(d.getTime())}:${pad(d.getSeconds())}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The form's first suggestion: this time tomorrow, on the hour. */
export function defaultStartValue(now: number): string {
  const d = new Date(now + DAY_MS);
  d.setMinutes(0, 0, 0);
  return toLocalInputValue(d.getTime());
}

/** The picker's bounds: from now to WRITE_IN_MAX_AHEAD_DAYS ahead (the server checks the same). */
export const startInputBounds = (now: number) => ({ min: toLocalInputValue(now), max: toLocalInputValue(now + WRITE_IN_MAX_AHEAD_DAYS * DAY_MS) });
