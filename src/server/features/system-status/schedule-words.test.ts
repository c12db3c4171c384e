/** The registry's schedules in words; any other pattern as its expression. */
import { describe, expect, it } from "vitest";
import { JOBS } from "../../jobs/registry.ts";
import { cronInWords, scheduleOf } from "./schedule-words.ts";

describe("cronInWords", () => {
  it.each([
    ["* * * * *", "Every minute"],
    ["*/5 * * * *", "Every 5 minutes"],
    ["*/15 * * * *", "Every 15 minutes"],
    ["7 * * * *", "Hourly at :07"],
    ["23 * * * *", "Hourly at :23"],
    ["17 3 * * *", "Daily at 03:17 UTC"],
    ["41 2 * * *", "Daily at 02:41 UTC"],
    ["0 9 * * 1", "Cron 0 9 * * 1 (UTC)"],
    ["0 9 1 * *", "Cron 0 9 1 * * (UTC)"],
    ["*/5 8-18 * * *", "Cron */5 8-18 * * * (UTC)"],
  ])("%s: %s", (cron, words) => {
    expect(cronInWords(cron)).toBe(words);
  });

  it("says every job of the registry in words", () => {
    for (const job of JOBS) expect(scheduleOf(job), job.name).not.toMatch(/^Cron /);
    expect(scheduleOf(JOBS.find((job) => job.name === "mail")!)).toBe("When queued");
  });
});
