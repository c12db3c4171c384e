import { describe, expect, it } from "vitest";
import { timeLeft } from "./format.ts";

describe("the time a download has left", () => {
  const now = Date.parse("2026-11-25T12:00:00Z");
  it("says hours, then minutes, rounded down", () => {
    expect(timeLeft("2026-11-26T12:00:00Z", now)).toBe("in 24 hours");
    expect(timeLeft("2026-11-25T13:59:00Z", now)).toBe("in 1 hour");
    expect(timeLeft("2026-11-25T12:59:59Z", now)).toBe("in 59 minutes");
    expect(timeLeft("2026-11-25T12:01:30Z", now)).toBe("in 1 minute");
    expect(timeLeft("2026-11-25T12:00:30Z", now)).toBe("in less than a minute");
  });
});
