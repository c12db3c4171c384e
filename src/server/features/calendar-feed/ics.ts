/**
 * RFC 5545 text for a published calendar: CRLF line ends, content lines folded at 75 octets
 * (never inside a UTF-8 character), TEXT values escaped (backslash, semicolon, comma,
 * newline), date-times in UTC with Z.
 */

export interface IcsEvent {
  uid: string;
  /** Bumped whenever the event changes, so that calendar apps take the new version. */
  sequence: number;
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string | null;
  url: string | null;
  cancelled: boolean;
  created: Date;
  lastModified: Date;
}

export interface IcsCalendar {
  name: string;
  events: IcsEvent[];
}

const MAX_OCTETS = 75;

/** A TEXT value: \ ; , escaped, every line break as \n, other control characters dropped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n")
    .replace(/[\u0000-\u001f\u007f]/g, "");
}

/** 2026-11-21T09:05:00.000Z → 20261121T090500Z */
export function utcDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}/, "")
    .replace(/[-:]/g, "");
}

/** One content line folded: at most 75 octets per line, continuation lines start with a space. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    // The first line holds 75 octets; each continuation line 74 after its leading space.
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** A URI value must not hold control characters or line breaks (it is not escaped as TEXT). */
const uriValue = (value: string) => value.replace(/[\u0000-\u001f\u007f]/g, "");

export function renderCalendar(calendar: IcsCalendar): string {
  const lines: string[] = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Glassroom//Sessions//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
    "X-PUBLISHED-TTL:PT1H",
  ];
  for (const event of calendar.events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${utcDateTime(event.stamp)}`,
      `DTSTART:${utcDateTime(event.start)}`,
      `DTEND:${utcDateTime(event.end)}`,
      `SEQUENCE:${event.sequence}`,
      `CREATED:${utcDateTime(event.created)}`,
      `LAST-MODIFIED:${utcDateTime(event.lastModified)}`,
      `SUMMARY:${escapeText(event.summary)}`,
    );
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.url) lines.push(`URL:${uriValue(event.url)}`);
    lines.push(`STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`, "TRANSP:OPAQUE", "END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
