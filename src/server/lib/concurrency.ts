/**
 * Runs at most `limit` of the given tasks at once; the others wait their turn in order.
 */
export function concurrencyLimit(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/**
 * Runs tasks one at a time per key, in the order they arrive; tasks of different keys run side
 * by side. At most `maxWaiting` tasks wait behind the running one of a key: one more is refused
 * with `refusal()` at once rather than waiting without end. A key is forgotten as soon as
 * nothing runs or waits for it, so idle keys cost nothing.
 */
export function oneAtATimePerKey(options: { maxWaiting: number; refusal: () => Error }) {
  const keys = new Map<string, { last: Promise<void>; queued: number }>();
  return async function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const entry = keys.get(key) ?? { last: Promise.resolve(), queued: 0 };
    // `queued` counts the running task and those waiting behind it.
    if (entry.queued > options.maxWaiting) throw options.refusal();
    entry.queued++;
    keys.set(key, entry);
    const previous = entry.last;
    let done!: () => void;
    entry.last = new Promise<void>((resolve) => (done = resolve));
    try {
      await previous;
      return await task();
    } finally {
      done();
      if (--entry.queued === 0) keys.delete(key);
    }
  };
}
