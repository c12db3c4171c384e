import type { SummaryStatus } from "../../../shared/schemas/session-reports.ts";

/** The report's labels, shared with the server's summary warnings. */
export { ATTENDANCE_LABELS, HOMEWORK_LABELS } from "../../../shared/session-summary.ts";

export const RATING_SCALE = "1 = struggling, 3 = getting there, 5 = excellent.";

export const SUMMARY_STATUS_LABELS: Record<SummaryStatus, string> = { draft: "Draft", awaiting_review: "Awaiting review", shared: "Shared" };
export const SUMMARY_STATUS_COLORS: Record<SummaryStatus, string> = { draft: "gray", awaiting_review: "orange", shared: "teal" };
