import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { concurrencyLimit, oneAtATimePerKey } from "./concurrency.ts";

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

describe("oneAtATimePerKey", () => {
  const busy = () => new Error("busy");

  it("runs one task of a key at a time in arrival order, other keys alongside, and keeps results and errors", async () => {
    const run = oneAtATimePerKey({ maxWaiting: 10, refusal: busy });
    const active = new Map<string, number>();
    let highestPerKey = 0;
    let highestOverall = 0;
    const order: string[] = [];
    const task = (key: string, value: number) => async () => {
      active.set(key, (active.get(key) ?? 0) + 1);
      highestPerKey = Math.max(highestPerKey, active.get(key)!);
      highestOverall = Math.max(
        highestOverall,
        [...active.values()].reduce((sum, count) => sum + count, 0),
      );
      await sleep(5);
      order.push(`${key}${value}`);
      active.set(key, active.get(key)! - 1);
      if (value === 2) throw new Error(`${key} two`);
      return value;
    };
    const results = await Promise.allSettled([1, 2, 3].flatMap((value) => [run("a", task("a", value)), run("b", task("b", value))]));
    expect(highestPerKey).toBe(1);
    expect(highestOverall).toBe(2);
    expect(order.filter((name) => name.startsWith("a"))).toEqual(["a1", "a2", "a3"]);
    expect(results.map((result) => (result.status === "fulfilled" ? result.value : (result.reason as Error).message))).toEqual([1, 1, "a two", "b two", 3, 3]);
  });

  it("refuses a task at once when maxWaiting already wait for its key, and takes them again once the key is idle", async () => {
    const run = oneAtATimePerKey({ maxWaiting: 2, refusal: busy });
    const slow = () => sleep(20).then(() => "done");
    const burst = [run("a", slow), run("a", slow), run("a", slow)];
    await expect(run("a", slow)).rejects.toThrow("busy");
    // Another key has a queue of its own.
    await expect(run("b", slow)).resolves.toBe("done");
    expect(await Promise.all(burst)).toEqual(["done", "done", "done"]);
    expect(await Promise.all([run("a", slow), run("a", slow), run("a", slow)])).toEqual(["done", "done", "done"]);
  });
});
