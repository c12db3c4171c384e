/**
 * Reading a figure and its rows for a viewer: the scope settled from their area, the period
 * and the one before it in the workspace's zone, the metric run inside the workspace (row-level
 * security on). A category chart carries the previous period as a second series, by label.
 */
import type { AnalyticsRowsQuery, Chart, Figure, MetricList, MetricRows } from "../../../shared/schemas/analytics.ts";
import type { Actor } from "../../core/audit.ts";
import { workspaceCurrency } from "../../core/currency.ts";
import type { Database } from "../../db/client.ts";
import { withWorkspace } from "../../db/tenant.ts";
import type { AnalyticsArea } from "./metric.ts";
import { previousPeriod, workspacePeriod } from "./period.ts";
import { infoOf, metricFor, metricsOf } from "./registry.ts";
import { scopeOf, type ScopeRequest } from "./scope.ts";

export interface FigureRequest extends ScopeRequest {
  from: string;
  to: string;
}

/** The registry's entries the area may see (for a parent, only about a child of theirs). */
export async function listMetrics(db: Database, actor: Actor, area: AnalyticsArea, studentId: string | undefined, now: Date): Promise<MetricList> {
  if (area === "parent") await withWorkspace(db, actor.viewer.organizationId, (tx) => scopeOf(tx, actor.viewer, area, { studentId }, now));
  return { metrics: metricsOf(area).map(infoOf) };
}

export async function readFigure(db: Database, actor: Actor, area: AnalyticsArea, key: string, request: FigureRequest, now: Date): Promise<Figure> {
  const metric = metricFor(area, key);
  const organizationId = actor.viewer.organizationId;
  const { scope, period, before, currency } = await withWorkspace(db, organizationId, async (tx) => {
    const scope = await scopeOf(tx, actor.viewer, area, request, now);
    const period = await workspacePeriod(tx, organizationId, request.from, request.to);
    return { scope, period, before: await previousPeriod(tx, period), currency: await workspaceCurrency(tx, organizationId) };
  });
  // The figure and its comparison are independent reads of a settled scope: each runs in its
  // own transaction, at the same time, so that the answer waits for the slower, not the sum.
  const [current, previous] = await Promise.all([
    withWorkspace(db, organizationId, (tx) => metric.figure(tx, scope, period)),
    withWorkspace(db, organizationId, (tx) => metric.figure(tx, scope, before)),
  ]);
  return {
    ...infoOf(metric),
    period: { from: period.from, to: period.to },
    previousPeriod: { from: before.from, to: before.to },
    currency,
    value: current.value,
    previous: previous.value,
    chart: current.chart && previous.chart ? withPrevious(current.chart, previous.chart) : current.chart,
  };
}

/** A category chart with the previous period's first series beside its first, matched by label. */
export function withPrevious(chart: Chart, before: Chart): Chart {
  if (chart.kind !== "category" || chart.series.length !== 1 || before.series.length === 0) return chart;
  const earlier = new Map(before.labels.map((label, index) => [label, before.series[0]!.values[index] ?? null]));
  const series = chart.series[0]!;
  return { ...chart, series: [series, { name: "Previous period", unit: series.unit, values: chart.labels.map((label) => earlier.get(label) ?? null) }] };
}

export async function readRows(
  db: Database,
  actor: Actor,
  area: AnalyticsArea,
  key: string,
  request: FigureRequest & Pick<AnalyticsRowsQuery, "page" | "pageSize" | "previous">,
  now: Date,
): Promise<MetricRows> {
  const metric = metricFor(area, key);
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const scope = await scopeOf(tx, actor.viewer, area, request, now);
    const asked = await workspacePeriod(tx, organizationId, request.from, request.to);
    const period = request.previous === "true" ? await previousPeriod(tx, asked) : asked;
    const { rows, total } = await metric.rows(tx, scope, period, { limit: request.pageSize, offset: (request.page - 1) * request.pageSize });
    return {
      key: metric.key,
      name: metric.name,
      definition: metric.definition,
      period: { from: period.from, to: period.to },
      currency: await workspaceCurrency(tx, organizationId),
      columns: [...metric.columns],
      rows,
      total,
      page: request.page,
      pageSize: request.pageSize,
    };
  });
}
