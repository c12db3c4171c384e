/**
 * A student's statuses and their words, shared by the database, the API and the screens. Apart
 * from the schemas (schemas/students.ts) so that a screen that only shows a status (the
 * dashboards' student cards) does not load zod with its first render.
 */
export const STUDENT_STATUSES = ["active", "paused", "former"] as const;
export type StudentStatus = (typeof STUDENT_STATUSES)[number];
export const STUDENT_STATUS_LABELS: Record<StudentStatus, string> = { active: "Active", paused: "Paused", former: "Former (archived)" };
