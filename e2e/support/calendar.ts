/**
 * Set-up for the calendar spec through the real HTTP API: a London workspace with a tutor, an
 * assigned student (with a student login when asked) and sessions made as the admin. What the
 * spec tests is driven through the browser; this prepares the rest.
 */
import { expect, type APIResponse } from "@playwright/test";
import type { Session, SessionBatch, SessionCreate } from "../../src/shared/schemas/sessions.ts";
import type { StudentDetail } from "../../src/shared/schemas/students.ts";
import type { AdminAccount, Api, MemberAccount } from "./api.ts";
import { addStudent, assign, invitationLink, invite, memberIdOf, signUpInvited, uniqueEmail, uniqueName } from "./family.ts";

async function expectStatus(response: APIResponse, status: number, step: string): Promise<void> {
  if (response.status() !== status) throw new Error(`${step} answered ${response.status()} instead of ${status}: ${await response.text()}`);
}

const DAY = 86_400_000;

/** Today's date in London (YYYY-MM-DD). */
export function londonToday(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/London",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/** A date `days` after a YYYY-MM-DD date. */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** A Monday at least 3 days after today in London: far enough that cancelling it is never late. */
export function nextMonday(): string {
  const today = londonToday();
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  let monday = addDays(today, (8 - weekday) % 7 || 7);
  if (Date.parse(monday) - Date.parse(today) < 3 * DAY) monday = addDays(monday, 7);
  return monday;
}

export interface CalendarSetup {
  admin: AdminAccount;
  tutor: MemberAccount;
  tutorMemberId: string;
  student: StudentDetail;
}

/** An admin of a London workspace, a tutor and a student assigned to them (Mathematics). */
export async function calendarWorkspace(api: Api): Promise<CalendarSetup> {
  const admin = await api.createAdmin();
  await expectStatus(
    await admin.client.patch("/api/admin/workspace", {
      data: { timeZone: "Europe/London" },
    }),
    200,
    "Setting the workspace's zone",
  );
  const tutor = await api.createMember("tutor", {
    admin,
    name: uniqueName("Tutor"),
  });
  const tutorMemberId = await memberIdOf(admin, tutor.email);
  const student = await addStudent(admin, {
    name: uniqueName("Sam"),
    subjects: ["Mathematics"],
  });
  await assign(admin, tutorMemberId, student.id);
  return { admin, tutor, tutorMemberId, student };
}

/** A student login linked to the record (invited, signed up, confirmed). */
export async function studentLogin(api: Api, admin: AdminAccount, studentId: string) {
  const email = uniqueEmail("student");
  await invite(admin, { email, role: "student", studentId });
  return signUpInvited(api, await invitationLink(api, email), { email });
}

/** POST /api/admin/sessions (outside availability confirmed); every session made. */
export async function scheduleAsAdmin(admin: AdminAccount, input: Omit<SessionCreate, "timeZone">): Promise<Session[]> {
  const response = await admin.client.post("/api/admin/sessions", {
    data: {
      timeZone: "Europe/London",
      confirmOutsideAvailability: true,
      ...input,
    },
  });
  await expectStatus(response, 201, `Scheduling ${input.subject}`);
  const batch = (await response.json()) as SessionBatch;
  expect(batch.items.length).toBeGreaterThan(0);
  return batch.items;
}
