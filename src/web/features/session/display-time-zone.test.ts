import { describe, expect, it } from "vitest";
import { browserTimeZone } from "../../lib/time-zones.ts";
import { chooseTimeZone } from "./display-time-zone.ts";

describe("the zone times are shown in", () => {
  it("is the viewer's own unless they chose the workspace's", () => {
    expect(chooseTimeZone("Europe/London", "America/New_York", "mine")).toBe("America/New_York");
    expect(chooseTimeZone("Europe/London", "America/New_York", "workspace")).toBe("Europe/London");
  });

  it("is the workspace's when the browser gives no usable zone", () => {
    expect(chooseTimeZone("Europe/London", null, "mine")).toBe("Europe/London");
  });

  it("reads the browser's zone as an IANA name Intl accepts", () => {
    const zone = browserTimeZone();
    expect(zone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(() => new Intl.DateTimeFormat("en", { timeZone: zone! })).not.toThrow();
  });
});
