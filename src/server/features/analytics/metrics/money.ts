/** The money metrics, in the order the screens show them. */
import type { Metric } from "../metric.ts";
import { hoursBoughtAndUsed } from "./hours-bought-and-used.ts";
import { packageSales } from "./package-sales.ts";
import { prepaidHoursOutstanding } from "./prepaid-hours-outstanding.ts";
import { revenueCollected } from "./revenue-collected.ts";
import { revenueInvoiced } from "./revenue-invoiced.ts";
import { revenueOutstanding } from "./revenue-outstanding.ts";
import { revenuePerStudent } from "./revenue-per-student.ts";

export const MONEY_METRICS: readonly Metric[] = [
  revenueInvoiced,
  revenueCollected,
  revenueOutstanding,
  revenuePerStudent,
  packageSales,
  prepaidHoursOutstanding,
  hoursBoughtAndUsed,
];
