import type { Attendance, HomeworkCompletion, SummaryStatus } from "../../../shared/schemas/session-reports.ts";

export const HOMEWORK_LABELS: Record<HomeworkCompletion, string> = {
  completed: "Completed",
  partly: "Partly done",
  not_done: "Not done",
  none_set: "None was set",
};

export const ATTENDANCE_LABELS: Record<Attendance, string> = { present: "Present", late: "Late", absent: "Absent" };

export const RATING_SCALE = "1 = struggling, 3 = getting there, 5 = excellent.";

export const SUMMARY_STATUS_LABELS: Record<SummaryStatus, string> = { draft: "Draft", awaiting_review: "Awaiting review", shared: "Shared" };
export const SUMMARY_STATUS_COLORS: Record<SummaryStatus, string> = { draft: "gray", awaiting_review: "orange", shared: "teal" };

/** "Monday 2 November 2026, 16:00" for a session's start in a zone. */
export function describeSessionStart(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" }).format(new Date(iso));
}
