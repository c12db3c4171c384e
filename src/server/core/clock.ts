/**
 * The time as the server's rules read it. Business logic asks deps.clock.now() (never
 * new Date() or Date.now()), so that a test can pin "now" and move it on.
 */

export interface Clock {
  now(): Date;
}

/** The real time: what the server runs on. */
export const systemClock: Clock = {
  now: () => new Date(),
};

/** A clock that stands still until a test sets it or moves it on. */
export interface FixedClock extends Clock {
  set(date: Date): void;
  advance(ms: number): void;
}

export function fixedClock(start: Date): FixedClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = date.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
