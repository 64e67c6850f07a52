/** The 24 hours a reminder can come at, as choices worded in the reader's locale. */
export const hourChoices = () => Array.from({ length: 24 }, (_, h) => ({ value: h, label: formatHour(h) }));

/** An hour of the day as the reader's locale says it ("7 PM", "19"), with no date or zone in it. */
export function formatHour(hour: number, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { hour: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(2000, 0, 1, hour)));
}

/** Every IANA time zone the browser knows, with `current` first kept in the list even if unknown. */
export function timeZones(current: string): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf("timeZone");
  } catch {
    zones = [];
  }
  if (!zones.includes("UTC")) zones = ["UTC", ...zones];
  return zones.includes(current) ? zones : [current, ...zones];
}
