/** How the session mails name a session for each reader, where it is, and which page shows it. */
import type { tutoringSession } from "../../db/schema.ts";
import type { Recipient, SessionPeople } from "../../core/recipients.ts";

type SessionRow = typeof tutoringSession.$inferSelect;

/** "Maya", "Maya and Noah", "Maya, Noah and Zed". */
export function listNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/**
 * The session as the reader knows it: the tutor reads their students' names, a guardian their
 * own children's (never the other students of a group), a student their tutor's.
 * "your Physics session with Maya Lopez", "Maya Lopez's weekly Physics sessions with Tina Tutor".
 */
export function describeFor(recipient: Recipient, people: SessionPeople, subject: string, count: number): string {
  const sessions = count > 1 ? `weekly ${subject} sessions` : `${subject} session`;
  switch (recipient.relation) {
    case "tutor":
      return people.studentNames.length > 0 ? `your ${sessions} with ${listNames(people.studentNames)}` : `your ${sessions}`;
    case "guardian":
      return `${listNames(recipient.children.map((child) => child.name))}'s ${sessions} with ${people.tutorName}`;
    case "student":
      return `your ${sessions} with ${people.tutorName}`;
  }
}

/** "Where: Room 2", "Online: https://…" (nothing when neither is set). */
export function placeLines(row: Pick<SessionRow, "location" | "onlineUrl">): string[] {
  return [...(row.location ? [`Where: ${row.location}`] : []), ...(row.onlineUrl ? [`Online: ${row.onlineUrl}`] : [])];
}

/** The reader's page showing the session: their calendar, or a guardian's child's page. */
export function pageFor(appUrl: string, recipient: Recipient): string {
  switch (recipient.relation) {
    case "tutor":
      return `${appUrl}/tutor/calendar`;
    case "student":
      return `${appUrl}/student/calendar`;
    case "guardian":
      return recipient.children.length === 1 ? `${appUrl}/parent/students/${recipient.children[0]!.id}` : `${appUrl}/parent/students`;
  }
}
