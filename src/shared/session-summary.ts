/**
 * The family summary drafted from a session's structured report, in plain sentences. The
 * server drafts it when the report is first filed; the tutor's screen redrafts it on request.
 * Private notes never enter it.
 */
import type { Attendance, HomeworkCompletion } from "./schemas/session-reports.ts";

export interface SummaryFacts {
  studentName: string;
  subject: string;
  /** When the session took place, as the family reads it, e.g. "Monday 2 November 2026, 16:00–17:00 (Europe/London)". */
  when: string;
  tutorName: string;
  topics: string;
  homeworkSet: string;
  attendance: Attendance;
  previousHomework: HomeworkCompletion;
  understanding: number | null;
  engagement: number | null;
  scorePercent: number | null;
}

const UNDERSTANDING = ["", "found the material very difficult", "found the material difficult", "is getting there with the material", "understood the material well", "understood the material very well"];
const ENGAGEMENT = ["", "found it hard to engage", "was not very engaged", "was reasonably engaged", "was engaged and worked well", "was fully engaged throughout"];

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
    paragraphs.push(`${name} ${facts.attendance === "late" ? "arrived late to" : "attended"} the ${facts.subject} session with ${facts.tutorName} on ${facts.when}.`);
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
