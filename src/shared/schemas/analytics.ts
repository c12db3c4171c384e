/**
 * Reports and analytics: the figures of the metric registry for a date range, compared with the
 * period just before it, and the records behind each figure ("show me the rows").
 */
import { z } from "zod";
import { authIdField, dateField, pageQuerySchema, uuidField } from "./fields.ts";

/** How a figure's number reads: money in minor units, time in minutes, a share 0–1, a 1–5 rating. */
export const METRIC_UNITS = ["money", "minutes", "count", "share", "rating", "days"] as const;
export type MetricUnit = (typeof METRIC_UNITS)[number];

/** The filters a metric may honour (the admin's choice; a tutor's and a student's scope is their own). */
export const METRIC_FILTERS = ["tutor", "subject", "student"] as const;
export type MetricFilter = (typeof METRIC_FILTERS)[number];

/** The longest range a figure is asked for: two years of days. */
export const MAX_RANGE_DAYS = 731;

const rangeObject = z.object({ from: dateField("From date"), to: dateField("To date") });
const subjectFilter = z.string().trim().min(1, "Subject must not be empty.").max(100, "Subject must be at most 100 characters.").optional();
const filterFields = { tutorId: authIdField("Tutor").optional(), subject: subjectFilter, studentId: uuidField("Student").optional() };
const rowsFields = { ...pageQuerySchema.shape, previous: z.enum(["true", "false"], { error: "Previous must be true or false." }).optional() };

/** A range's own checks: in order, and at most MAX_RANGE_DAYS long. */
function checkedRange<T extends z.ZodType<{ from: string; to: string }>>(schema: T) {
  return schema
    .refine((value) => value.from <= value.to, { path: ["to"], message: "The end date must not be before the start date." })
    .refine((value) => (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000 < MAX_RANGE_DAYS, {
      path: ["from"],
      message: `A range must be at most ${MAX_RANGE_DAYS} days long.`,
    });
}

/** A date range in the workspace's zone, both days included, and the admin's filters (a tutor's: subject and student). */
export const analyticsQuerySchema = checkedRange(rangeObject.extend(filterFields));
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** The rows behind a figure: the range and filters, a page, and whether the previous period's rows are wanted. */
export const analyticsRowsQuerySchema = checkedRange(rangeObject.extend({ ...filterFields, ...rowsFields }));
export type AnalyticsRowsQuery = z.infer<typeof analyticsRowsQuerySchema>;

/** A family's figures (a parent's child, a student's own): the range and a subject. */
export const familyAnalyticsQuerySchema = checkedRange(rangeObject.extend({ subject: subjectFilter }));
export const familyAnalyticsRowsQuerySchema = checkedRange(rangeObject.extend({ subject: subjectFilter, ...rowsFields }));

export const metricKeyParams = z.object({ metricKey: z.string().min(1).max(100) });

/** A registry entry as a viewer reads it: what the figure is, before its numbers. */
export const metricInfoSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** The definition in plain words, shown next to the figure. */
  definition: z.string(),
  unit: z.enum(METRIC_UNITS),
  /** Which way is good, for colouring the comparison; null when neither is. */
  better: z.enum(["higher", "lower"]).nullable(),
  filters: z.array(z.enum(METRIC_FILTERS)),
});
export type MetricInfo = z.infer<typeof metricInfoSchema>;

export const metricListSchema = z.object({ metrics: z.array(metricInfoSchema) });
export type MetricList = z.infer<typeof metricListSchema>;

/**
 * A chart of a figure: labels along one axis (tutors, subjects, weeks, cohorts), one or more
 * named series of values over them. The same numbers are the table beside the chart and the
 * CSV export.
 */
export const chartSchema = z.object({
  /** "time": the labels are periods in order (a line); "category": things compared (bars). */
  kind: z.enum(["time", "category"]),
  /** What the labels are, as a column heading ("Tutor", "Week of"). */
  labelHeading: z.string(),
  labels: z.array(z.string()),
  series: z.array(z.object({ name: z.string(), unit: z.enum(METRIC_UNITS), values: z.array(z.number().nullable()) })),
});
export type Chart = z.infer<typeof chartSchema>;

export const periodSchema = z.object({ from: z.string(), to: z.string() });

export const figureSchema = metricInfoSchema.extend({
  period: periodSchema,
  previousPeriod: periodSchema,
  /** The currency of a money figure (ISO code). */
  currency: z.string(),
  /** The number for the range; null when it has no meaning there (a share of nothing). */
  value: z.number().nullable(),
  /** The same number for the period of the same length just before. */
  previous: z.number().nullable(),
  chart: chartSchema.nullable(),
});
export type Figure = z.infer<typeof figureSchema>;

/** A column of the rows behind a figure. */
export const rowColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** How its cells read; "text" and "date" are shown as they are. */
  unit: z.enum([...METRIC_UNITS, "text", "date"]),
});
export type RowColumn = z.infer<typeof rowColumnSchema>;

/** The record a row stands for, which the web links to in the viewer's area. */
export const ROW_RECORD_KINDS = ["session", "student", "tutor", "invoice", "payment", "account", "lead"] as const;
export type RowRecordKind = (typeof ROW_RECORD_KINDS)[number];

export const metricRowSchema = z.object({
  record: z.object({ kind: z.enum(ROW_RECORD_KINDS), id: z.string() }).nullable(),
  cells: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type MetricRow = z.infer<typeof metricRowSchema>;

export const metricRowsSchema = z.object({
  key: z.string(),
  name: z.string(),
  definition: z.string(),
  period: periodSchema,
  currency: z.string(),
  columns: z.array(rowColumnSchema),
  rows: z.array(metricRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MetricRows = z.infer<typeof metricRowsSchema>;
