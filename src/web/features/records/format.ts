import type { Assignment, StudentStatus } from "../../../shared/schemas/students.ts";

/** "Alexandra Smith" with "Alex" → "Alexandra Smith (Alex)". */
export const displayName = (student: { name: string; preferredName: string | null }) =>
  student.preferredName && student.preferredName !== student.name ? `${student.name} (${student.preferredName})` : student.name;

/** A calendar day "2026-03-12" → "12 Mar 2026" (a day, not an instant: no zone shift). */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone: "UTC" }).format(date);
}

export const formatInstant = (iso: string, timeZone?: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: "medium", ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));

export const STATUS_LABELS: Record<StudentStatus, string> = { active: "Active", paused: "Paused", former: "Former student" };
/** Dark shades: outline badges keep WCAG AA contrast. */
export const STATUS_COLORS: Record<StudentStatus, string> = { active: "teal.9", paused: "orange.9", former: "gray.7" };

/** "Since 3 Mar 2026", "3 Mar 2026 – 30 Jun 2026", "From 1 Sep 2026". */
export function assignmentPeriod(assignment: Pick<Assignment, "startsOn" | "endsOn" | "current">): string {
  if (assignment.endsOn) return `${formatDay(assignment.startsOn)} – ${formatDay(assignment.endsOn)}`;
  return assignment.current ? `Since ${formatDay(assignment.startsOn)}` : `From ${formatDay(assignment.startsOn)}`;
}

/** Current assignments first, then the others; newest start first within each. */
export const sortAssignments = <T extends Pick<Assignment, "startsOn" | "current">>(assignments: readonly T[]) =>
  [...assignments].sort((a, b) => Number(b.current) - Number(a.current) || b.startsOn.localeCompare(a.startsOn));
