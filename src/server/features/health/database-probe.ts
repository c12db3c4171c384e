/**
 * How long a database probe that succeeded answers the next health checks: a load balancer's
 * or a monitor's checks cost one query a second, however many they are, and a database that
 * stops answering is reported within a second.
 */
export const HEALTHY_PROBE_KEPT_MS = 1_000;

/**
 * Wraps a database probe for the health check. A successful answer is reused for
 * HEALTHY_PROBE_KEPT_MS; a failed one is not kept, so that the next check probes again and a
 * recovery is seen at once. Checks that arrive while a probe runs share it: a database that
 * does not answer is not asked once more per check while the first probe waits its two seconds.
 * `now` is a monotonic clock in milliseconds (performance.now in the server).
 */
export function keptWhileHealthy(probe: () => Promise<boolean>, now: () => number): () => Promise<boolean> {
  let latest: { startedAt: number; answer: Promise<boolean>; healthy: boolean | undefined } | undefined;
  return () => {
    const current = latest;
    const running = current !== undefined && current.healthy === undefined;
    const freshAndHealthy = current?.healthy === true && now() - current.startedAt < HEALTHY_PROBE_KEPT_MS;
    if (current && (running || freshAndHealthy)) return current.answer;
    const started: NonNullable<typeof latest> = { startedAt: now(), answer: probe(), healthy: undefined };
    void started.answer.then(
      (healthy) => (started.healthy = healthy),
      () => (started.healthy = false),
    );
    latest = started;
    return started.answer;
  };
}
