import { useCallback, useMemo, useSyncExternalStore } from "react";
import { dateTimeFormatter, type DateTimeFormatter } from "../../lib/format-time.ts";
import { browserTimeZone } from "../../lib/time-zones.ts";
import { useMe } from "./api.ts";

/**
 * Which time zone the app shows times in. Sessions are stored in UTC; each viewer sees them in
 * their own zone (the browser's), named on screen, or, when that differs from the workspace's
 * and they prefer it, in the workspace's. The choice is kept in this browser.
 */
export type TimeZoneView = "mine" | "workspace";

const STORAGE_KEY = "glassroom:time-zone-view";
const listeners = new Set<() => void>();
/** The choice when the browser refuses storage (private mode): it lasts until the page is left. */
let unstoredView: TimeZoneView | null = null;

/** The zone to show: the viewer's unless they chose the workspace's (or have none). */
export function chooseTimeZone(workspaceZone: string, viewerZone: string | null, view: TimeZoneView): string {
  return view === "workspace" || !viewerZone ? workspaceZone : viewerZone;
}

function readView(): TimeZoneView {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === "workspace" ? "workspace" : "mine";
  } catch {
    return unstoredView ?? "mine";
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export interface DisplayTimeZone {
  /** The zone times are shown and entered in; undefined until the workspace is known. */
  timeZone: string | undefined;
  workspaceTimeZone: string | undefined;
  viewerTimeZone: string | null;
  /** Whether the viewer's zone differs from the workspace's (only then is there a choice). */
  canChoose: boolean;
  view: TimeZoneView;
  setView: (view: TimeZoneView) => void;
}

export function useDisplayTimeZone(): DisplayTimeZone {
  const { data: me } = useMe();
  const view = useSyncExternalStore(subscribe, readView, () => "mine" as const);
  const setView = useCallback((next: TimeZoneView) => {
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      unstoredView = next;
    }
    listeners.forEach((listener) => listener());
  }, []);
  const workspaceTimeZone = me?.activeWorkspace?.timeZone;
  const viewerTimeZone = browserTimeZone();
  const canChoose = Boolean(workspaceTimeZone && viewerTimeZone && viewerTimeZone !== workspaceTimeZone);
  const timeZone = workspaceTimeZone ? chooseTimeZone(workspaceTimeZone, viewerTimeZone, view) : undefined;
  return { timeZone, workspaceTimeZone, viewerTimeZone, canChoose, view, setView };
}

/**
 * Every date-time a screen shows, in the display zone with the zone named (lib/format-time.ts).
 * Before the workspace is known: the viewer's own zone, which is what a viewer without a
 * choice sees anyway.
 */
export function useDateTime(): DateTimeFormatter {
  const { timeZone } = useDisplayTimeZone();
  const zone = timeZone ?? browserTimeZone() ?? "UTC";
  return useMemo(() => dateTimeFormatter(zone), [zone]);
}
