/**
 * The demo seed's clock: the real time, or a moment of the term being seeded, held still until
 * the seed moves on (so a report filed "two hours after its session" is exactly that). The seed walks through the term in order (packages sold at its start, each report
 * filed two hours after its session, invoices issued a month in, payments days later) so that
 * every row carries the time it would really have had, the ledger's included.
 */
import type { Clock } from "../src/server/core/clock.ts";

export interface DemoClock extends Clock {
  /** From now on the clock reads `moment`, until the next move. */
  travelTo(moment: Date): void;
  backToNow(): void;
}

export function demoClock(): DemoClock {
  let held: number | null = null;
  return {
    now: () => new Date(held ?? Date.now()),
    travelTo: (moment) => {
      held = moment.getTime();
    },
    backToNow: () => {
      held = null;
    },
  };
}
