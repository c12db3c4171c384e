import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { concurrencyLimit } from "./concurrency.ts";

describe("concurrencyLimit", () => {
  it("never runs more than the limit at once, runs every task, and keeps results and errors", async () => {
    const run = concurrencyLimit(2);
    let active = 0;
    let highest = 0;
    const task = (value: number) => async () => {
      active++;
      highest = Math.max(highest, active);
      await sleep(5);
      active--;
      if (value === 3) throw new Error("three");
      return value * 10;
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((value) => run(task(value))));
    expect(highest).toBe(2);
    expect(results.map((result) => (result.status === "fulfilled" ? result.value : (result.reason as Error).message))).toEqual([10, 20, "three", 40, 50]);
  });
});
