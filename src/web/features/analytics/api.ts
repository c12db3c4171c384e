import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Figure, MetricList, MetricRows } from "../../../shared/schemas/analytics.ts";
import { api } from "../../lib/api-client.ts";
import type { DayRange } from "./date-range.ts";
import type { AnalyticsArea } from "./record-links.ts";

export type { AnalyticsArea };

/** Whose figures: an area, and for a parent the child they are about. */
export interface AnalyticsTarget {
  area: AnalyticsArea;
  /** The parent's child (the parent's figures are always one child's). */
  studentId?: string;
}

/** The admin's filters (a tutor's: subject), as the API takes them; null is no filter. */
export interface FigureFilters {
  tutorId: string | null;
  subject: string | null;
  studentId: string | null;
}

export const NO_FILTERS: FigureFilters = { tutorId: null, subject: null, studentId: null };

/** A page of the rows behind a figure. */
export const ROWS_PAGE_SIZE = 20;

const targetKey = (target: AnalyticsTarget) => [target.area, target.studentId ?? null] as const;

export const analyticsKeys = {
  all: ["analytics"] as const,
  metrics: (target: AnalyticsTarget) => [...analyticsKeys.all, "metrics", ...targetKey(target)] as const,
  figures: (target: AnalyticsTarget) => [...analyticsKeys.all, "figure", ...targetKey(target)] as const,
  figure: (target: AnalyticsTarget, metricKey: string, range: DayRange, filters: FigureFilters) =>
    [...analyticsKeys.figures(target), metricKey, range, filters] as const,
  rows: (target: AnalyticsTarget, metricKey: string, range: DayRange, filters: FigureFilters, page: number, previous: boolean) =>
    [...analyticsKeys.all, "rows", ...targetKey(target), metricKey, range, filters, page, previous] as const,
};

function basePath(target: AnalyticsTarget): string {
  if (target.area === "parent") return `/parent/students/${encodeURIComponent(target.studentId ?? "")}/analytics`;
  return `/${target.area}/analytics`;
}

/** The query string of a figure or its rows: the range, then only the filters the area may give and that are set. */
export function figureQueryString(target: AnalyticsTarget, range: DayRange, filters: FigureFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ from: range.from, to: range.to });
  if (target.area === "admin" && filters.tutorId) params.set("tutorId", filters.tutorId);
  if ((target.area === "admin" || target.area === "tutor") && filters.subject) params.set("subject", filters.subject);
  if (target.area === "admin" && filters.studentId) params.set("studentId", filters.studentId);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params.toString();
}

const metricPath = (target: AnalyticsTarget, metricKey: string) => `${basePath(target)}/${encodeURIComponent(metricKey)}`;

/** The figures this viewer may see, with their definitions, in the registry's order. */
export const metricsQuery = (target: AnalyticsTarget) =>
  queryOptions({ queryKey: analyticsKeys.metrics(target), queryFn: () => api.get<MetricList>(basePath(target)), staleTime: 5 * 60_000 });
export const useMetrics = (target: AnalyticsTarget) => useQuery(metricsQuery(target));

/**
 * One figure for a range (each card asks for its own, so one slow figure holds up no other).
 * A new range or filter keeps the figure shown, marked busy, until the new one comes.
 */
export const figureQuery = (target: AnalyticsTarget, metricKey: string, range: DayRange, filters: FigureFilters) =>
  queryOptions({
    queryKey: analyticsKeys.figure(target, metricKey, range, filters),
    queryFn: () => api.get<Figure>(`${metricPath(target, metricKey)}?${figureQueryString(target, range, filters)}`),
    placeholderData: keepPreviousData,
  });
export const useFigure = (target: AnalyticsTarget, metricKey: string, range: DayRange, filters: FigureFilters) =>
  useQuery(figureQuery(target, metricKey, range, filters));

/** A page of the rows behind a figure, for the range or the period before it. */
export function useFigureRows(target: AnalyticsTarget, metricKey: string, range: DayRange, filters: FigureFilters, page: number, previous: boolean) {
  return useQuery({
    queryKey: analyticsKeys.rows(target, metricKey, range, filters, page, previous),
    queryFn: () =>
      api.get<MetricRows>(
        `${metricPath(target, metricKey)}/rows?${figureQueryString(target, range, filters, {
          page: String(page),
          pageSize: String(ROWS_PAGE_SIZE),
          ...(previous ? { previous: "true" } : {}),
        })}`,
      ),
    placeholderData: keepPreviousData,
  });
}
