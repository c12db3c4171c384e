/**
 * Set-up for the calendar specs through the real HTTP API: a London workspace with a tutor, an
 * assigned student (with a student login when asked) and sessions made as the admin. What the
 * specs test is driven through the browser; this prepares the rest, and holds what they read on screen.
 */
import { expect, type APIResponse, type Locator, type Page } from "@playwright/test";
import type { Session, SessionBatch, SessionCreate, SessionPage } from "../../src/shared/schemas/sessions.ts";
import type { StudentDetail } from "../../src/shared/schemas/students.ts";
import type { AdminAccount, Api, MemberAccount } from "./api.ts";
import { addStudent, assign, invitationLink, invite, memberIdOf, signUpInvited, uniqueEmail, uniqueName } from "./family.ts";
import { escapeRegExp } from "./fixtures.ts";

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

/** GET /api/admin/sessions for dates [from, to) with London local times: what the server holds. */
export async function sessionsAsAdmin(admin: AdminAccount, from: string, to: string): Promise<Session[]> {
  const response = await admin.client.get(`/api/admin/sessions?${new URLSearchParams({ from, to, timeZone: "Europe/London", pageSize: "500" })}`);
  await expectStatus(response, 200, "Listing sessions");
  return ((await response.json()) as SessionPage).items;
}

/** How many weeks (Monday to Sunday, as the calendar shows them) `date` is after this week in London. */
export function weeksAhead(date: string): number {
  const today = londonToday();
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  return Math.floor((Date.parse(date) - Date.parse(monday)) / (7 * DAY));
}

/** The box of an element that must be on screen, for pointer moves. */
async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  if (!box) throw new Error("The element has no box on screen.");
  return box;
}

const slotLane = (page: Page, time: string) => page.locator(`td.fc-timegrid-slot-lane[data-time="${time}:00"]`);

/**
 * Drags an event of the week view with the mouse so that it starts on `date` at `time` (a slot
 * boundary): FullCalendar reads real pointer moves, in steps, past its few-pixel threshold.
 * FullCalendar moves the held point to the centre of the held slot (half an hour, two snaps
 * of a quarter): holding at 3/8 of the first slot and letting go at 1/4 of the target slot
 * lands in the target's first quarter-hour, 4 px from any snap boundary whichever centre it takes.
 */
export async function dragEvent(page: Page, event: Locator, to: { date: string; time: string }): Promise<void> {
  const from = await boxOf(event);
  const column = await boxOf(page.locator(`td.fc-timegrid-col[data-date="${to.date}"]`));
  const slot = await boxOf(slotLane(page, to.time));
  const start = { x: from.x + from.width / 2, y: from.y + (slot.height * 3) / 8 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x, start.y + 12, { steps: 4 });
  await page.mouse.move(column.x + column.width / 2, slot.y + slot.height / 4, { steps: 20 });
  await page.mouse.up();
}

/** Drags the end of an event of the week view down from one slot boundary to another (`fromTime` to `toTime`). */
export async function resizeEvent(page: Page, event: Locator, fromTime: string, toTime: string): Promise<void> {
  await event.hover();
  const handle = await boxOf(event.locator(".fc-event-resizer-end"));
  const distance = (await boxOf(slotLane(page, toTime))).y - (await boxOf(slotLane(page, fromTime))).y;
  // The handle straddles the event's end: hold its upper pixels, inside the event's last quarter-hour.
  const start = { x: handle.x + handle.width / 2, y: handle.y + 1 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x, start.y + 8, { steps: 4 });
  await page.mouse.move(start.x, start.y + distance, { steps: 20 });
  await page.mouse.up();
}

/** Drags an event of the month view onto another day's cell (it keeps its time of day). */
export async function dragEventToDay(page: Page, event: Locator, date: string): Promise<void> {
  const from = await boxOf(event);
  const day = await boxOf(page.locator(`td.fc-daygrid-day[data-date="${date}"]`));
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 12, start.y, { steps: 4 });
  await page.mouse.move(day.x + day.width / 2, day.y + day.height / 2, { steps: 20 });
  await page.mouse.up();
}

// What the calendar specs read and do on screen.

/** The control labelled exactly `label` inside a scope (a required field's label ends with an aria-hidden " *"). */
export const fieldIn = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));

/** A notification with this text is shown; it is then closed, so that it covers no control. */
export async function notified(page: Page, text: string): Promise<void> {
  const notification = page.getByRole("alert").filter({ hasText: text });
  await expect(notification).toBeVisible();
  await notification.getByRole("button", { name: "Close notification" }).click();
  await expect(notification).toHaveCount(0);
}

export const events = (page: Page, text: string) => page.locator(".fc-event").filter({ hasText: text });
export const chooseView = (page: Page, view: "Week" | "Month" | "List") =>
  page.getByRole("radiogroup", { name: "Calendar view" }).getByText(view, { exact: true }).click();
/** The events of one day's column in the week view. */
export const eventsOn = (page: Page, date: string) => page.locator(`td.fc-timegrid-col[data-date="${date}"] .fc-event`);
/** A session's London date and times, as the API gives them. */
export const when = (session: { local: { date: string; startTime: string; endTime: string } }) =>
  `${session.local.date} ${session.local.startTime}–${session.local.endTime}`;

/** The week view (whole day on screen: pointer moves need their targets visible) of the week holding `date`. */
export async function weekOf(page: Page, date: string, scope: Page | Locator = page): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 1500 });
  for (let week = 0; week < weeksAhead(date); week += 1) await scope.getByRole("button", { name: "Next week" }).click();
  await expect(page.locator(`td.fc-timegrid-col[data-date="${date}"]`)).toBeVisible();
}

/** A UTC instant's wall clock (HH:MM) and date (YYYY-MM-DD) in a zone. */
export const clockIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));
export const dateIn = (iso: string | Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(iso));
/** The Monday (YYYY-MM-DD) of a date's week, as the calendar shows weeks. */
export const mondayOf = (date: string) => addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));
