/**
 * A report is missing when a session is still unreported this long after it ended. Apart from
 * the schemas (schemas/session-reports.ts) so that the dashboards' "Missing reports", which only
 * names it, do not load zod.
 */
export const REPORT_OVERDUE_HOURS = 48;
