/** IANA zones grouped by region, labelled with spaces ("America/New York") so that search finds them. */
export function timeZoneOptions(current: string) {
  const zones = new Set(Intl.supportedValuesOf("timeZone"));
  zones.add("UTC");
  zones.add(current);
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const zone of [...zones].sort()) {
    const region = zone.includes("/") ? zone.split("/")[0]! : "Other";
    const items = groups.get(region) ?? [];
    items.push({ value: zone, label: zone.replaceAll("_", " ") });
    groups.set(region, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}
