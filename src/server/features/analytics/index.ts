/** Reports and analytics: the metric registry's figures and the rows behind them. */
import type { Transaction } from "../../db/tenant.ts";
import type { MetricScope } from "./metric.ts";
import { workspacePeriod } from "./period.ts";
import { METRICS } from "./registry.ts";

export { analyticsRoutes } from "./routes.ts";

/** A metric's name in the registry, or null for a key it does not hold. */
export const metricNameOf = (key: string): string | null => METRICS.find((metric) => metric.key === key)?.name ?? null;

/** A metric's figure over the whole workspace for days `from`–`to` (both included, in the workspace's zone), as the admin's screen shows it. */
export async function workspaceFigure(tx: Transaction, organizationId: string, key: string, from: string, to: string): Promise<number | null> {
  const metric = METRICS.find((candidate) => candidate.key === key);
  if (!metric) throw new Error(`No metric ${key} in the registry`);
  const scope: MetricScope = { area: "admin", organizationId, tutorMemberId: null, subject: null, studentId: null };
  return (await metric.figure(tx, scope, await workspacePeriod(tx, organizationId, from, to))).value;
}
