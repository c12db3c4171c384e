import { useDateTime } from "../../features/session/display-time-zone.ts";
import { formatInstant } from "../../lib/format-time.ts";

/**
 * When something was done, as every screen shows it: "21 Nov 2026, 14:05 (Europe/London)" in
 * the display zone (or the zone given), machine-readable in its dateTime.
 */
export function Instant({ at, timeZone }: { at: string; timeZone?: string | undefined }) {
  const shown = useDateTime();
  return <time dateTime={at}>{formatInstant(at, timeZone ?? shown.timeZone)}</time>;
}
