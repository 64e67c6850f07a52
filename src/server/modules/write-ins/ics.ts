/*
 * A write-in as an iCalendar file (RFC 5545), written by hand (decision 017): one VEVENT per
 * write-in in UTC ("…Z"), so no time-zone data is needed and every calendar shows it in its own
 * zone, right across daylight saving. Text values are escaped (\ ; , and newlines), control
 * characters dropped, lines folded at 75 octets without cutting a UTF-8 sequence, CRLF endings.
 * No prompt and no one's name goes into the file: its title, its length and the link.
 */

export interface IcsEvent {
  uid: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  canceled: boolean;
  url: string;
  description: string;
}

/** 20261202T170000Z */
export const icsTime = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}Z$/, "Z");

// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are dropped from a calendar's text.
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** A TEXT value: backslash, semicolon, comma and newline escaped; other control characters dropped. */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n")
    // Control characters are dropped (the pattern is the C0 set and DEL, spelled as a character class).
    .replace(CONTROL, "");
}

/** A content line folded at 75 octets (CRLF and one space before each continuation), never inside a character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, "utf8");
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = "";
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

export function writeInCalendar(events: IcsEvent[], now: Date): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//inkwell//write-ins//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"];
  for (const e of events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${icsText(e.uid)}`,
      `DTSTAMP:${icsTime(now)}`,
      `DTSTART:${icsTime(e.startsAt)}`,
      `DTEND:${icsTime(e.endsAt)}`,
      `STATUS:${e.canceled ? "CANCELLED" : "CONFIRMED"}`,
      `SUMMARY:${icsText(e.title)}`,
      `DESCRIPTION:${icsText(e.description)}`,
      `URL:${e.url}`,
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
