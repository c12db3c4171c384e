import { describe, expect, it } from "vitest";
import { HEALTHY_PROBE_KEPT_MS, keptWhileHealthy } from "./database-probe.ts";

/** A probe whose answers the test gives, with the number of probes waiting for an answer. */
function scriptedProbe() {
  const pending: ((healthy: boolean) => void)[] = [];
  const probe = () => new Promise<boolean>((resolve) => pending.push(resolve));
  return { probe, waiting: () => pending.length, answer: (healthy: boolean) => pending.shift()!(healthy) };
}

describe("the health check's database probe", () => {
  it("answers from a healthy probe for a second, then probes again", async () => {
    let clock = 0;
    const scripted = scriptedProbe();
    const check = keptWhileHealthy(scripted.probe, () => clock);

    const first = check();
    scripted.answer(true);
    expect(await first).toBe(true);
    clock = HEALTHY_PROBE_KEPT_MS - 1;
    expect(await check()).toBe(true);
    expect(scripted.waiting()).toBe(0);

    clock = HEALTHY_PROBE_KEPT_MS;
    const later = check();
    expect(scripted.waiting()).toBe(1);
    scripted.answer(false);
    expect(await later).toBe(false);
  });

  it("keeps no failed probe, so that a recovered database is seen on the next check", async () => {
    const scripted = scriptedProbe();
    const check = keptWhileHealthy(scripted.probe, () => 0);

    const failed = check();
    scripted.answer(false);
    expect(await failed).toBe(false);

    const next = check();
    expect(scripted.waiting()).toBe(1);
    scripted.answer(true);
    expect(await next).toBe(true);
  });

  it("lets checks that arrive during a probe share it", async () => {
    const scripted = scriptedProbe();
    const check = keptWhileHealthy(scripted.probe, () => 0);

    const answers = [check(), check(), check()];
    expect(scripted.waiting()).toBe(1);
    scripted.answer(false);
    expect(await Promise.all(answers)).toEqual([false, false, false]);
  });
});
