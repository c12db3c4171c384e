import { formatDay } from "../../lib/format-time.ts";
import { formatMoney, moneyText, parseMoney } from "../../lib/format-money.ts";
import type { Assignment, StudentDetail, StudentUpdate } from "../../../shared/schemas/students.ts";
import type { StudentStatus } from "../../../shared/student-states.ts";

/**
 * Pure helpers of the people screens (students and tutors): names, statuses, dates in the
 * workspace's zone, money typed as text, and the changes a record form sends.
 */

/** "Alexandra Smith" with "Alex" → "Alexandra Smith (Alex)". */
export function displayName(person: { name: string; preferredName: string | null }): string {
  return person.preferredName && person.preferredName !== person.name ? `${person.name} (${person.preferredName})` : person.name;
}

/** Colours without a shade: the theme keeps an outline badge's text at AA in both colour schemes. */
export const STUDENT_STATUS_COLORS: Record<StudentStatus, string> = { active: "teal", paused: "indigo", former: "gray" };

/** "YYYY-MM-DD" of `now` in an IANA zone (the workspace's "today"). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(now);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

export type AssignmentState = "current" | "upcoming" | "ended";

/** Where an assignment stands on `today` (YYYY-MM-DD in the workspace's zone). */
export function assignmentState(assignment: Pick<Assignment, "startsOn" | "endsOn">, today: string): AssignmentState {
  if (assignment.endsOn !== null && assignment.endsOn < today) return "ended";
  if (assignment.startsOn > today) return "upcoming";
  return "current";
}

export const ASSIGNMENT_STATE_LABELS: Record<AssignmentState, string> = { current: "Current", upcoming: "Starts later", ended: "Ended" };

/** "3 Mar 2026 – 30 Jun 2026", "3 Mar 2026 – no end date". */
export const assignmentPeriod = (assignment: Pick<Assignment, "startsOn" | "endsOn">) =>
  `${formatDay(assignment.startsOn)} – ${assignment.endsOn ? formatDay(assignment.endsOn) : "no end date"}`;

/** Current first, then those starting later, then ended ones; newest start first within each. */
export function sortAssignments<T extends Pick<Assignment, "startsOn" | "endsOn">>(assignments: readonly T[], today: string): T[] {
  const rank: Record<AssignmentState, number> = { current: 0, upcoming: 1, ended: 2 };
  return [...assignments].sort((a, b) => rank[assignmentState(a, today)] - rank[assignmentState(b, today)] || b.startsOn.localeCompare(a.startsOn));
}

export const MONEY_MAX_MINOR = 100_000_00;

/**
 * A money field's text: empty is "none" (null), an amount is minor units, anything else is the
 * field's message. `label` names the field in its messages.
 */
export function readMoney(text: string, currency: string, label: string): { minor: number | null } | { error: string } {
  if (text.trim() === "") return { minor: null };
  const minor = parseMoney(text, currency);
  const example = moneyText(4550, currency);
  if (minor === undefined) return { error: `${label} must be an amount such as ${example}.` };
  if (minor > MONEY_MAX_MINOR) return { error: `${label} must be at most ${formatMoney(MONEY_MAX_MINOR, currency)}.` };
  return { minor };
}

/** The fields of a student record form: every text as typed. */
export interface StudentFormValues {
  name: string;
  preferredName: string;
  grade: string;
  school: string;
  subjects: string[];
  goals: string;
  notes: string;
}

export function studentFormValues(student: StudentDetail): StudentFormValues {
  return {
    name: student.name,
    preferredName: student.preferredName ?? "",
    grade: student.grade ?? "",
    school: student.school ?? "",
    subjects: [...student.subjects],
    goals: student.goals,
    notes: student.notes,
  };
}

const optional = (text: string) => (text.trim() === "" ? null : text.trim());

/** Only the fields that differ from the saved record, trimmed, empty optional texts as null. */
export function studentChanges(values: StudentFormValues, saved: StudentDetail): StudentUpdate {
  const changes: StudentUpdate = {};
  if (values.name.trim() !== saved.name) changes.name = values.name.trim();
  if (optional(values.preferredName) !== saved.preferredName) changes.preferredName = optional(values.preferredName);
  if (optional(values.grade) !== saved.grade) changes.grade = optional(values.grade);
  if (optional(values.school) !== saved.school) changes.school = optional(values.school);
  const subjects = values.subjects.map((subject) => subject.trim()).filter(Boolean);
  if (subjects.length !== saved.subjects.length || subjects.some((subject, index) => subject !== saved.subjects[index])) changes.subjects = subjects;
  if (values.goals.trim() !== saved.goals) changes.goals = values.goals.trim();
  if (values.notes.trim() !== saved.notes) changes.notes = values.notes.trim();
  return changes;
}

/** Subjects offered as suggestions in subject fields (any other may be typed). */
export const COMMON_SUBJECTS = [
  "Mathematics",
  "English",
  "Physics",
  "Chemistry",
  "Biology",
  "Computer science",
  "History",
  "Geography",
  "French",
  "Spanish",
  "German",
  "Music",
  "Economics",
  "Reading",
  "Writing",
  "SAT preparation",
];

/** "1 student" / "3 students". */
export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
