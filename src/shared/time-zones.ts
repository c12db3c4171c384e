/**
 * Which time zone names Glassroom stores (a workspace's, a tutor's): "UTC" or an IANA region
 * name such as Europe/London, that JavaScript's Intl knows and, on the server, PostgreSQL too.
 *
 * Other spellings that one side accepts are refused: an offset ("+05:00", "+0530", "UTC+5")
 * means east of Greenwich to JavaScript and west of it to PostgreSQL (POSIX), and a name one
 * side does not know (US/Pacific-New, dropped from the tz database) made every query with the
 * workspace's "today" fail.
 */
const REGION_NAME = /^(?:Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific)(?:\/[A-Z][A-Za-z_-]*){1,2}$/;

export const TIME_ZONE_RULE = "Time zone must be a region name such as Europe/London (or UTC).";

/** The zones the database knows: registered once by the server at start; the web has none (Intl decides there). */
let databaseTimeZones: ReadonlySet<string> | undefined;

export function registerDatabaseTimeZones(zones: Iterable<string>): void {
  databaseTimeZones = new Set(zones);
}

function intlKnows(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Whether a zone may be stored: UTC or a region name that Intl knows (and the database, where registered). */
export function isRegionTimeZone(zone: string): boolean {
  if (zone !== "UTC" && !REGION_NAME.test(zone)) return false;
  if (databaseTimeZones && !databaseTimeZones.has(zone)) return false;
  return intlKnows(zone);
}
