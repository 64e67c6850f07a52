/**
 * Dates as the spec shows them. Pure: `now` is an argument; formatting happens in the
 * viewer's locale time zone (the browser's) unless one is given.
 */
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** "Jan" … "Dec". */
export const SHORT_MONTHS = MONTHS.map((m) => m.slice(0, 3));

function parts(d: Date, timeZone?: string) {
  const f = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "2-digit", hour12: true });
  const p = Object.fromEntries(f.formatToParts(d).map((x) => [x.type, x.value]));
  return { year: p.year!, month: Number(p.month) - 1, day: p.day!, hour: p.hour!, minute: p.minute!, dayPeriod: (p.dayPeriod ?? "").toUpperCase() };
}

/** "MMMM d, yyyy": November 21, 2026. Accepts a Date, an ISO timestamp or a YYYY-MM-DD date. */
export function formatLongDate(value: Date | string, timeZone?: string): string {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split("-").map(Number);
    return `${MONTHS[m! - 1]} ${d}, ${y}`;
  }
  const p = parts(new Date(value), timeZone);
  return `${MONTHS[p.month]} ${p.day}, ${p.year}`;
}

/** "MMM d, yyyy h:mm a": Nov 21, 2026 3:05 PM. */
export function formatDateTime(value: Date | string, timeZone?: string): string {
  const p = parts(new Date(value), timeZone);
  return `${SHORT_MONTHS[p.month]} ${p.day}, ${p.year} ${p.hour}:${p.minute} ${p.dayPeriod}`;
}

/** "MMMM d, yyyy 'at' h:mm a": November 21, 2026 at 3:05 PM. */
export function formatDateAtTime(value: Date | string, timeZone?: string): string {
  const p = parts(new Date(value), timeZone);
  return `${MONTHS[p.month]} ${p.day}, ${p.year} at ${p.hour}:${p.minute} ${p.dayPeriod}`;
}

/** "Mon d": Nov 15 (scheduler week labels). */
export function formatShortDate(isoDate: string): string {
  const [, m, d] = isoDate.split("-").map(Number);
  return `${SHORT_MONTHS[m! - 1]} ${d}`;
}

/** "Just now", "5m ago", "3h ago", "2d ago" under 7 days, then the long date. */
export function relativeTime(value: Date | string, now: Date, timeZone?: string): string {
  const diff = now.getTime() - new Date(value).getTime();
  const min = Math.floor(diff / 60_000);
  if (min < 1) return "Just now";
  if (min < 60) return `${min}m ago`;
  const h = Math.floor(min / 60);
  if (h < 24) return `${h}h ago`;
  const d = Math.floor(h / 24);
  if (d < 7) return `${d}d ago`;
  return formatLongDate(value, timeZone);
}

/** "1 word", "1,204 words". */
/** "1 comment", "3 comments": a count with its noun. */
export const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

export function wordsLabel(n: number): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? "word" : "words"}`;
}
