/**
 * What a metric of the registry is: its words (name, definition), who may see it, how its
 * number is computed for a period, and how the records behind the number are listed. Each
 * metric is one file in ./metrics; registry.ts lists them.
 */
import type { Chart, MetricFilter, MetricRow, MetricUnit, RowColumn } from "../../../shared/schemas/analytics.ts";
import type { Transaction } from "../../db/tenant.ts";

/** Whose figures: the admin's workspace, a tutor's own work, a parent's child, a student's own. */
export type AnalyticsArea = "admin" | "tutor" | "parent" | "student";

/**
 * What a figure covers, settled before any metric runs: the area's own limits (the tutor
 * themself, the parent's child, the student) and, for an admin, the filters asked for. A
 * metric must apply every non-null field it honours (its `filters`), and the area's limits
 * always: a tutor's scope carries their member id whether or not "tutor" is a filter.
 */
export interface MetricScope {
  area: AnalyticsArea;
  organizationId: string;
  /** The tutor whose work counts: the tutor themself in their area, the admin's filter, else null (all). */
  tutorMemberId: string | null;
  /** The one student whose record counts: the parent's child, the student, the admin's filter, else null. */
  studentId: string | null;
  /** The subject filter (sessions' and assignments' subject), else null. */
  subject: string | null;
}

/**
 * A date range in the workspace's zone. `from` and `to` are the days (both included);
 * `startsAt` and `endsAt` the instants that bound them (`endsAt` is the start of the day
 * after `to`: exclusive), as ISO strings for SQL parameters.
 */
export interface Period {
  from: string;
  to: string;
  startsAt: string;
  endsAt: string;
  /** The workspace's IANA zone, for grouping by local day, week or month in SQL. */
  zone: string;
  /** The number of days, from..to. */
  days: number;
}

export interface FigureResult {
  value: number | null;
  chart: Chart | null;
}

export interface RowsPage {
  limit: number;
  offset: number;
}

export interface RowsResult {
  rows: MetricRow[];
  total: number;
}

export interface Metric {
  key: string;
  name: string;
  /** Plain words, shown next to the figure: what is counted, over which records, how. */
  definition: string;
  unit: MetricUnit;
  better: "higher" | "lower" | null;
  /** The areas whose viewers may see it: the server refuses the others (404, like an unknown key). */
  areas: readonly AnalyticsArea[];
  /** The admin filters it honours. */
  filters: readonly MetricFilter[];
  /** The figure for a period, inside withWorkspace (row-level security on). */
  figure(tx: Transaction, scope: MetricScope, period: Period): Promise<FigureResult>;
  /** The columns of its rows, and a page of the rows behind the figure for a period. */
  columns: readonly RowColumn[];
  rows(tx: Transaction, scope: MetricScope, period: Period, page: RowsPage): Promise<RowsResult>;
}

/** A share rounded to four places, or null when there is nothing to share (0 ÷ 0). */
export const shareOf = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);
