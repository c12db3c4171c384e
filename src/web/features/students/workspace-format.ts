import { useMe } from "../session/api.ts";
import { browserTimeZone } from "../../lib/time-zones.ts";
import { todayIn } from "./format.ts";

/** The active workspace's currency and time zone, and "today" there (dates of assignments). */
export function useWorkspaceFormat() {
  const { data: me } = useMe();
  const currency = me?.activeWorkspace?.currency ?? "USD";
  const timeZone = me?.activeWorkspace?.timeZone ?? browserTimeZone() ?? "UTC";
  return { currency, timeZone, today: todayIn(timeZone) };
}
