import { isRegionTimeZone } from "../../shared/time-zones.ts";

/**
 * The zones a person may choose: UTC and the IANA region names ("Europe/London"), grouped by
 * region and labelled with spaces ("America/New York") so that search finds them. Offsets and
 * old aliases (Etc/GMT+5, US/Pacific) are not offered: the server refuses them. A current zone
 * that is not a region name is left out too, so the picker asks for a new one.
 */
export function timeZoneOptions(current: string) {
  const zones = new Set(Intl.supportedValuesOf("timeZone"));
  zones.add("UTC");
  zones.add(current);
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const zone of [...zones].filter(isRegionTimeZone).sort()) {
    const region = zone.includes("/") ? zone.split("/")[0]! : "Other";
    const items = groups.get(region) ?? [];
    items.push({ value: zone, label: zone.replaceAll("_", " ") });
    groups.set(region, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

/** The browser's IANA zone, or null when it gives none that Intl accepts. */
export function browserTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return null;
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}
