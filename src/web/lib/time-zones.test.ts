import { describe, expect, it } from "vitest";
import { timeZoneOptions } from "./time-zones.ts";

const valuesOf = (current: string) => timeZoneOptions(current).flatMap((group) => group.items.map((item) => item.value));

describe("timeZoneOptions", () => {
  it("offers UTC and region names only, grouped by region", () => {
    const values = valuesOf("UTC");
    expect(values).toContain("UTC");
    expect(values).toContain("Europe/London");
    expect(values).toContain("America/New_York");
    expect(
      values.filter((zone) => zone !== "UTC" && !/^(Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific)\//.test(zone)),
    ).toEqual([]);
    expect(timeZoneOptions("UTC").map((group) => group.group)).toContain("Europe");
  });

  it("keeps a current region name but leaves out a current offset or alias", () => {
    expect(valuesOf("Asia/Kolkata")).toContain("Asia/Kolkata");
    for (const current of ["+05:00", "Etc/GMT+5", "US/Pacific-New"]) expect(valuesOf(current)).not.toContain(current);
  });
});
