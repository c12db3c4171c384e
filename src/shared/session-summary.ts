/**
 * The family summary drafted from a session's structured report, in plain sentences. The
 * server drafts it when the report is filed, redrafts it when the report is corrected (unless
 * someone edited its words: then it names the facts that changed) and on the tutor's request.
 * Private notes never enter it.
 */
import type { Attendance, HomeworkCompletion } from "./schemas/session-reports.ts";

/** What the report says about one student that the summary tells the family (never the private notes). */
export interface SummaryReportFacts {
  topics: string;
  homeworkSet: string;
  attendance: Attendance;
  previousHomework: HomeworkCompletion;
  understanding: number | null;
  engagement: number | null;
  scorePercent: number | null;
}

export interface SummaryFacts extends SummaryReportFacts {
  studentName: string;
  subject: string;
  /** When the session took place, as the family reads it, e.g. "Monday 2 November 2026, 16:00–17:00 (Europe/London)". */
  when: string;
  tutorName: string;
}

export const ATTENDANCE_LABELS: Record<Attendance, string> = { present: "Present", late: "Late", absent: "Absent" };

export const HOMEWORK_LABELS: Record<HomeworkCompletion, string> = {
  completed: "Completed",
  partly: "Partly done",
  not_done: "Not done",
  none_set: "None was set",
};

/** One fact of the report that changed since a summary's words were drafted. */
export interface ReportChange {
  field: keyof SummaryReportFacts;
  label: string;
  before: string;
  after: string;
}

const FACT_LABELS: Record<keyof SummaryReportFacts, string> = {
  topics: "Topics covered",
  homeworkSet: "Homework set",
  attendance: "Attendance",
  previousHomework: "Previous homework",
  understanding: "Understanding",
  engagement: "Engagement",
  scorePercent: "Assessment score",
};

/** Long free text cut for a warning: the report itself shows it whole. */
const shorten = (text: string) => (text.length > 120 ? `${text.slice(0, 119).trimEnd()}…` : text);

function describeFact(field: keyof SummaryReportFacts, facts: SummaryReportFacts): string {
  switch (field) {
    case "topics":
    case "homeworkSet":
      return shorten(facts[field].trim()) || "none";
    case "attendance":
      return ATTENDANCE_LABELS[facts.attendance];
    case "previousHomework":
      return HOMEWORK_LABELS[facts.previousHomework];
    case "understanding":
    case "engagement":
      return facts[field] === null ? "not rated" : `${facts[field]}/5`;
    case "scorePercent":
      return facts.scorePercent === null ? "none" : `${facts.scorePercent}%`;
  }
}

/** The facts that differ between the report a summary was drafted from and the report now, in the report's order. */
export function reportChanges(before: SummaryReportFacts, after: SummaryReportFacts): ReportChange[] {
  return (Object.keys(FACT_LABELS) as (keyof SummaryReportFacts)[])
    .filter((field) => before[field] !== after[field])
    .map((field) => ({ field, label: FACT_LABELS[field], before: describeFact(field, before), after: describeFact(field, after) }));
}

/** "Assessment score: 100% → 86%; Attendance: Present → Late", for a message. */
export const describeReportChanges = (changes: readonly ReportChange[]): string =>
  changes.map((change) => `${change.label}: ${change.before} → ${change.after}`).join("; ");

const UNDERSTANDING = [
  "",
  "found the material very difficult",
  "found the material difficult",
  "is getting there with the material",
  "understood the material well",
  "understood the material very well",
];
const ENGAGEMENT = [
  "",
  "found it hard to engage",
  "was not very engaged",
  "was reasonably engaged",
  "was engaged and worked well",
  "was fully engaged throughout",
];

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;

/** Ends a piece of free text with one full stop. */
const sentence = (text: string) => {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};

export function draftSummary(facts: SummaryFacts): string {
  const name = firstName(facts.studentName);
  const paragraphs: string[] = [];
  if (facts.attendance === "absent") {
    paragraphs.push(`${name} was absent from the ${facts.subject} session with ${facts.tutorName} on ${facts.when}.`);
    if (facts.topics.trim()) paragraphs.push(`In the session we covered: ${sentence(facts.topics)}`);
  } else {
    paragraphs.push(
      `${name} ${facts.attendance === "late" ? "arrived late to" : "attended"} the ${facts.subject} session with ${facts.tutorName} on ${facts.when}.`,
    );
    paragraphs.push(`We worked on: ${sentence(facts.topics)}`);
    const progress = [
      facts.understanding ? `${name} ${UNDERSTANDING[facts.understanding]} (understanding ${facts.understanding}/5)` : null,
      facts.engagement ? `${ENGAGEMENT[facts.engagement]} (engagement ${facts.engagement}/5)` : null,
    ].filter(Boolean);
    if (progress.length > 0) paragraphs.push(`${progress.join(" and ")}.`);
    if (facts.scorePercent !== null) paragraphs.push(`${name} scored ${facts.scorePercent}% on today's assessment.`);
  }
  const previous = {
    completed: `${name} completed the previous homework.`,
    partly: `${name} completed part of the previous homework.`,
    not_done: `${name} did not complete the previous homework.`,
    none_set: null,
  }[facts.previousHomework];
  if (previous) paragraphs.push(previous);
  paragraphs.push(facts.homeworkSet.trim() ? `Homework for next time: ${sentence(facts.homeworkSet)}` : "No homework was set for next time.");
  return paragraphs.join("\n\n");
}
