import type { Locator, Page } from "@playwright/test";
import ICAL from "ical.js";
import {
  addDays,
  calendarWorkspace,
  dragEvent,
  dragEventToDay,
  londonToday,
  nextMonday,
  resizeEvent,
  scheduleAsAdmin,
  sessionsAsAdmin,
  studentLogin,
  weeksAhead,
} from "./support/calendar.ts";
import { addStudent, assign, linkGuardian, memberIdOf, uniqueName } from "./support/family.ts";
import { escapeRegExp, expect, expectAccessible, signInThroughForm, test } from "./support/fixtures.ts";
import { expectNoSidewaysScroll, screenshot, screenshots } from "./support/screens.ts";

/** The control labelled exactly `label` inside a scope (a required field's label ends with an aria-hidden " *"). */
const fieldIn = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));

/** A notification with this text is shown; it is then closed, so that it covers no control. */
async function notified(page: Page, text: string): Promise<void> {
  const notification = page.getByRole("alert").filter({ hasText: text });
  await expect(notification).toBeVisible();
  await notification.getByRole("button", { name: "Close notification" }).click();
  await expect(notification).toHaveCount(0);
}

const events = (page: Page, text: string) => page.locator(".fc-event").filter({ hasText: text });
const chooseView = (page: Page, view: "Week" | "Month" | "List") =>
  page.getByRole("radiogroup", { name: "Calendar view" }).getByText(view, { exact: true }).click();
/** The events of one day's column in the week view. */
const eventsOn = (page: Page, date: string) => page.locator(`td.fc-timegrid-col[data-date="${date}"] .fc-event`);
/** A session's London date and times, as the API gives them. */
const when = (session: { local: { date: string; startTime: string; endTime: string } }) =>
  `${session.local.date} ${session.local.startTime}–${session.local.endTime}`;

/** The week view (whole day on screen: pointer moves need their targets visible) of the week holding `date`. */
async function weekOf(page: Page, date: string, scope: Page | Locator = page): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 1500 });
  for (let week = 0; week < weeksAhead(date); week += 1) await scope.getByRole("button", { name: "Next week" }).click();
  await expect(page.locator(`td.fc-timegrid-col[data-date="${date}"]`)).toBeVisible();
}

/** A UTC instant's wall clock (HH:MM) and date (YYYY-MM-DD) in a zone. */
const clockIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));
const dateIn = (iso: string | Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(iso));
/** The Monday (YYYY-MM-DD) of a date's week, as the calendar shows weeks. */
const mondayOf = (date: string) => addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));

test.describe("@calendar session calendars", () => {
  test("@calendar a tutor schedules a weekly series, sees it in week and list views, cancels one; a clash is refused", async ({ page, api }) => {
    test.setTimeout(120_000);
    const { tutor, student } = await calendarWorkspace(api);
    const first = nextMonday();
    const dates = [0, 7, 14, 21].map((days) => addDays(first, days));

    await signInThroughForm(page, tutor);
    await expect(page).toHaveURL("/tutor/dashboard");
    await page.getByRole("navigation", { name: "Tutor navigation" }).getByRole("link", { name: "Jobs" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
    await expect(page.getByText("Times in Europe/London")).toBeVisible();
    await expect(page.getByText("No sessions this week.")).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "cal-tutor-empty");

    // Schedule: a refused form first (the field's own message), then a weekly series of 4.
    await page.getByRole("button", { name: "Schedule session" }).click();
    const dialog = page.getByRole("dialog", { name: "Schedule a session" });
    await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(dialog.getByText("Choose at least one student.")).toBeVisible();
    await fieldIn(dialog, "Students").click();
    await page.getByRole("option", { name: student.name }).click();
    await page.keyboard.press("Escape");
    await expect(fieldIn(dialog, "Subject")).toHaveValue("Mathematics");
    await fieldIn(dialog, "Date").fill(first);
    await fieldIn(dialog, "Start time").fill("16:00");
    await fieldIn(dialog, "End time").fill("17:00");
    await fieldIn(dialog, "Repeat weekly").check();
    await fieldIn(dialog, "Number of sessions").fill("4");
    await fieldIn(dialog, "Online link").fill("https://meet.example.com/maths");
    await fieldIn(dialog, "Notes for the family").fill("Bring last week's homework.");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
    // The tutor set no availability: the refusal says so and offers to go ahead.
    const outside = dialog.getByRole("alert").filter({ hasText: "Outside the tutor's availability" });
    await expect(outside).toContainText("The tutor has not set any availability");
    await expect(outside).not.toContainText("confirmOutsideAvailability");
    await screenshots(page, "cal-tutor-outside-availability");
    await outside.getByRole("button", { name: "Schedule anyway" }).click();
    await notified(page, "4 sessions scheduled");
    await expect(dialog).toHaveCount(0);

    // Week view: the calendar went to the first session's week.
    await expect(events(page, student.name)).toHaveCount(1);
    await expect(events(page, student.name)).toContainText("16:00");
    await expectAccessible(page);
    await screenshots(page, "cal-tutor-week");

    // List view: 30 days from the day shown (the first session's), one row each.
    await chooseView(page, "List");
    await expect(events(page, student.name)).toHaveCount(dates.length);
    await expectAccessible(page);
    await screenshots(page, "cal-tutor-list");

    // Open the first occurrence (with the keyboard) and cancel it.
    await events(page, student.name).first().getByRole("button").focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Mathematics" });
    await expect(drawer).toContainText("16:00–17:00");
    await expect(drawer).toContainText("Europe/London");
    await expect(drawer).toContainText("Bring last week's homework.");
    await expect(drawer.getByRole("link", { name: "https://meet.example.com/maths" })).toBeVisible();
    await expect(drawer.getByText("Part of a weekly series")).toBeVisible();
    await expectAccessible(page);
    await drawer.getByRole("button", { name: "Cancel session" }).click();
    await expect(drawer).toContainText("late cancellation");
    await fieldIn(drawer, "Reason (optional)").fill("School trip.");
    await expectAccessible(page);
    await screenshots(page, "cal-tutor-cancel");
    await drawer.getByRole("button", { name: "Cancel session" }).click();
    await notified(page, "Session cancelled");
    await expect(drawer).toHaveCount(0);
    await expect(events(page, student.name).first()).toContainText("(Cancelled)");
    await expect(events(page, student.name).first().locator("s")).toHaveCount(1);

    await chooseView(page, "Week");
    await expect(events(page, student.name)).toContainText("(Cancelled)");
    await page.getByRole("button", { name: "Next week" }).click();
    await expect(events(page, student.name)).toHaveCount(1);
    await expect(events(page, student.name)).not.toContainText("Cancelled");

    // A clash: the same student at the time of the second occurrence is refused, naming it.
    await page.getByRole("button", { name: "Schedule session" }).click();
    await fieldIn(dialog, "Students").click();
    await page.getByRole("option", { name: student.name }).click();
    await page.keyboard.press("Escape");
    await fieldIn(dialog, "Subject").fill("Physics");
    await fieldIn(dialog, "Date").fill(dates[1]!);
    await fieldIn(dialog, "Start time").fill("16:30");
    await fieldIn(dialog, "End time").fill("17:30");
    await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
    const anyway = dialog.getByRole("button", { name: "Schedule anyway" });
    const clash = dialog.getByRole("alert").filter({ hasText: "This time clashes with another session" });
    await expect(anyway.or(clash)).toBeVisible();
    if (await anyway.isVisible()) await anyway.click();
    await expect(clash).toContainText("already has a session then: Mathematics on");
    await expect(fieldIn(dialog, "Subject")).toHaveValue("Physics");
    await expectAccessible(page);
    await screenshots(page, "cal-tutor-clash");
  });

  test("@calendar a student sees their sessions and asks to cancel one; an admin filters the workspace's calendar", async ({ page, api }) => {
    test.setTimeout(120_000);
    const { admin, tutor, tutorMemberId, student } = await calendarWorkspace(api);
    const day = addDays(londonToday(), 2);
    await scheduleAsAdmin(admin, {
      tutorMemberId,
      studentIds: [student.id],
      subject: "Chemistry",
      startsAt: `${day}T10:00`,
      endsAt: `${day}T11:00`,
      location: "Room 4",
    });
    // Another student of the same tutor, for the admin's student filter.
    const other = await addStudent(admin);
    await assign(admin, tutorMemberId, other.id);
    await scheduleAsAdmin(admin, { tutorMemberId, studentIds: [other.id], subject: "Music", startsAt: `${day}T13:00`, endsAt: `${day}T14:00` });
    const login = await studentLogin(api, admin, student.id);

    await signInThroughForm(page, login);
    await expect(page).toHaveURL("/student/dashboard");
    await page.getByRole("navigation", { name: "Student navigation" }).getByRole("link", { name: "Calendar" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Schedule session" })).toHaveCount(0);
    await chooseView(page, "List");
    await expect(events(page, "Chemistry")).toHaveCount(1);
    await expectAccessible(page);
    await screenshots(page, "cal-student-list");

    await events(page, "Chemistry").click();
    const drawer = page.getByRole("dialog", { name: "Chemistry" });
    await expect(drawer).toContainText("10:00–11:00");
    await expect(drawer).toContainText("Room 4");
    await expect(drawer).toContainText(tutor.name);
    await drawer.getByRole("button", { name: "Ask to cancel" }).click();
    await drawer.getByRole("button", { name: "Send request" }).click();
    await expect(drawer.getByText("Reason is required.")).toBeVisible();
    await fieldIn(drawer, "Reason").fill("We are away that weekend.");
    await expectAccessible(page);
    await screenshots(page, "cal-student-ask");
    await drawer.getByRole("button", { name: "Send request" }).click();
    await notified(page, "Cancellation requested");
    // The drawer now shows the request's state instead of the way to ask.
    await expect(drawer.getByText("Waiting for a decision")).toBeVisible();

    // The admin's calendar, filtered by tutor.
    await page.context().clearCookies();
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Calendar" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
    await page.getByLabel("Tutor", { exact: true }).click();
    await page.getByRole("option", { name: tutor.name }).click();
    await expect(page).toHaveURL(/tutor=/);
    await chooseView(page, "List");
    await expect(events(page, "Chemistry")).toHaveCount(1);
    await expect(events(page, "Chemistry")).toContainText(`with ${tutor.name}`);
    await expect(events(page, "Music")).toHaveCount(1);
    await expectAccessible(page);
    await screenshots(page, "cal-admin-list");
    // And by student: only the other student's session stays.
    await page.getByLabel("Student", { exact: true }).click();
    await page.getByRole("option", { name: other.name }).click();
    await expect(page).toHaveURL(/student=/);
    await expect(events(page, "Music")).toHaveCount(1);
    await expect(events(page, "Chemistry")).toHaveCount(0);
    await chooseView(page, "Month");
    await expectAccessible(page);
    await screenshots(page, "cal-admin-month");
  });

  test("@calendar a parent sees their child's sessions on the child's page", async ({ page, api }) => {
    test.setTimeout(120_000);
    const { admin, tutorMemberId, student } = await calendarWorkspace(api);
    const parent = await api.createMember("parent", { admin });
    await linkGuardian(admin, student.id, await memberIdOf(admin, parent.email));
    const day = addDays(londonToday(), 2);
    await scheduleAsAdmin(admin, { tutorMemberId, studentIds: [student.id], subject: "Physics", startsAt: `${day}T16:00`, endsAt: `${day}T17:00` });

    await signInThroughForm(page, parent);
    await expect(page).toHaveURL("/parent/dashboard");
    // The dashboard lists the coming sessions of all their children, each linked to its page.
    const comingUp = page.getByRole("region", { name: "Coming up" });
    await expect(comingUp.getByRole("link", { name: "Physics" })).toBeVisible();
    await expect(comingUp).toContainText(`${student.name} with `);
    await expect(comingUp).toContainText("16:00–17:00");
    await expectAccessible(page);
    await page.goto(`/parent/students/${student.id}`);
    const sessions = page.getByRole("region", { name: "Sessions" });
    await expect(sessions.getByText("Times in Europe/London")).toBeVisible();
    await chooseView(page, "List");
    await expect(events(page, "Physics")).toHaveCount(1);
    await expectAccessible(page);
    await events(page, "Physics").click();
    await expect(page.getByRole("dialog", { name: "Physics" })).toContainText("16:00–17:00");
  });

  test("@calendar a parent in New York sees a London session in their own time, or in the workspace's by choice (kept)", async ({ browser, api }) => {
    test.setTimeout(120_000);
    const { admin, tutorMemberId, student } = await calendarWorkspace(api);
    const parent = await api.createMember("parent", { admin });
    await linkGuardian(admin, student.id, await memberIdOf(admin, parent.email));
    const day = addDays(londonToday(), 2);
    await scheduleAsAdmin(admin, { tutorMemberId, studentIds: [student.id], subject: "Chemistry", startsAt: `${day}T16:00`, endsAt: `${day}T17:00` });

    const abroad = await browser.newContext({ timezoneId: "America/New_York" });
    const page = await abroad.newPage();
    try {
      await signInThroughForm(page, parent);
      await expect(page).toHaveURL("/parent/dashboard");
      await page.goto(`/parent/students/${student.id}`);
      const sessions = page.getByRole("region", { name: "Sessions" });
      await expect(sessions.getByText("Times in America/New_York")).toBeVisible();
      await chooseView(page, "List");
      await expectAccessible(page);
      await events(page, "Chemistry").click();
      // 16:00 in London is 11:00 in New York in late November (GMT and EST).
      await expect(page.getByRole("dialog", { name: "Chemistry" })).toContainText("11:00–12:00");
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog", { name: "Chemistry" })).toHaveCount(0);

      const showIn = sessions.getByRole("radiogroup", { name: "Show times in" });
      await showIn.getByText("Workspace time (Europe/London)").click();
      await expect(sessions.getByText("Times in Europe/London")).toBeVisible();
      await events(page, "Chemistry").click();
      await expect(page.getByRole("dialog", { name: "Chemistry" })).toContainText("16:00–17:00");
      await page.keyboard.press("Escape");

      await page.reload();
      await expect(page.getByRole("region", { name: "Sessions" }).getByText("Times in Europe/London")).toBeVisible();
      await expectAccessible(page);
    } finally {
      await abroad.close();
    }
  });

  test("@calendar a tutor in New York reads a London session at one time, the zone named, on the calendar, the session page, Reports and the dashboard", async ({
    browser,
    api,
  }) => {
    test.setTimeout(150_000);
    const { admin, tutor, tutorMemberId, student } = await calendarWorkspace(api);
    const day = addDays(londonToday(), -4);
    const [session] = await scheduleAsAdmin(admin, {
      tutorMemberId,
      studentIds: [student.id],
      subject: "Geography",
      startsAt: `${day}T16:30`,
      endsAt: `${day}T17:30`,
    });
    const newYork = `${clockIn(session!.startsAt, "America/New_York")}–${clockIn(session!.endsAt, "America/New_York")} (America/New_York)`;
    const london = "16:30–17:30 (Europe/London)";

    const abroad = await browser.newContext({ timezoneId: "America/New_York" });
    const page = await abroad.newPage();
    try {
      await signInThroughForm(page, tutor);
      await expect(page).toHaveURL("/tutor/dashboard");
      // Over for four days: the dashboard's missing reports.
      const missing = page.getByRole("region", { name: "Missing reports" }).getByRole("row").filter({ hasText: "Geography" });
      await expect(missing).toContainText(newYork);
      await page.goto("/tutor/reports");
      const due = page.getByRole("region", { name: "Sessions to report" }).getByRole("row").filter({ hasText: "Geography" });
      await expect(due).toContainText(newYork);
      await due.getByRole("link", { name: "Geography" }).click();
      await expect(page).toHaveURL(`/tutor/sessions/${session!.id}`);
      await expect(page.getByRole("definition").filter({ hasText: newYork })).toHaveCount(1);
      await expect(page.getByText(london)).toHaveCount(0);

      // The calendar: the same time in the week of the session, and in its drawer.
      await page.goto("/tutor/calendar");
      await expect(page.getByText("Times in America/New_York")).toBeVisible();
      await page.setViewportSize({ width: 1280, height: 1500 });
      const nyDate = dateIn(session!.startsAt, "America/New_York");
      const weeksBack = (Date.parse(mondayOf(dateIn(new Date(), "America/New_York"))) - Date.parse(mondayOf(nyDate))) / (7 * 86_400_000);
      for (let week = 0; week < weeksBack; week += 1) await page.getByRole("button", { name: "Previous week" }).click();
      const event = eventsOn(page, nyDate).filter({ hasText: "Geography" });
      await expect(event).toContainText(clockIn(session!.startsAt, "America/New_York"));
      await expect(event).toContainText("Report due");
      await event.click();
      await expect(page.getByRole("dialog", { name: "Geography" })).toContainText(newYork);
      await page.keyboard.press("Escape");

      // The zone control wraps on a phone: no sideways scrolling.
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await expect(page.getByRole("radiogroup", { name: "Show times in" })).toBeVisible();
        await expectNoSidewaysScroll(page, `The tutor's calendar at ${width} px`);
        await screenshot(page, "cal-tutor-new-york");
      }
      await page.setViewportSize({ width: 1280, height: 900 });

      // Workspace time, by choice: every screen follows it.
      await page.getByRole("radiogroup", { name: "Show times in" }).getByText("Workspace time (Europe/London)").click();
      await expect(page.getByText("Times in Europe/London")).toBeVisible();
      await page.goto("/tutor/reports");
      await expect(page.getByRole("region", { name: "Sessions to report" }).getByRole("row").filter({ hasText: "Geography" })).toContainText(london);
      await page.goto(`/tutor/sessions/${session!.id}`);
      await expect(page.getByRole("definition").filter({ hasText: london })).toHaveCount(1);
      await page.goto("/tutor/dashboard");
      await expect(page.getByRole("region", { name: "Missing reports" }).getByRole("row").filter({ hasText: "Geography" })).toContainText(london);
    } finally {
      await abroad.close();
    }
  });

  test("@calendar an admin's week: overlapping sessions side by side, a colour and legend per tutor, the now line, a report due marked; the list starts today", async ({
    page,
    api,
  }) => {
    test.setTimeout(150_000);
    const { admin, tutor, tutorMemberId, student } = await calendarWorkspace(api);
    const second = await api.createMember("tutor", { admin, name: uniqueName("Tutor") });
    const secondId = await memberIdOf(admin, second.email);
    const other = await addStudent(admin);
    await assign(admin, secondId, other.id);
    const today = londonToday();
    const yesterday = addDays(today, -1);
    const monday = nextMonday();
    await scheduleAsAdmin(admin, { tutorMemberId, studentIds: [student.id], subject: "Chemistry", startsAt: `${monday}T10:00`, endsAt: `${monday}T11:00` });
    await scheduleAsAdmin(admin, {
      tutorMemberId: secondId,
      studentIds: [other.id],
      subject: "Physics",
      startsAt: `${monday}T10:30`,
      endsAt: `${monday}T11:30`,
    });
    await scheduleAsAdmin(admin, { tutorMemberId, studentIds: [student.id], subject: "History", startsAt: `${yesterday}T08:00`, endsAt: `${yesterday}T09:00` });
    await scheduleAsAdmin(admin, {
      tutorMemberId: secondId,
      studentIds: [other.id],
      subject: "Biology",
      startsAt: `${addDays(today, 1)}T12:00`,
      endsAt: `${addDays(today, 1)}T13:00`,
    });

    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard", { timeout: 30_000 });
    await page.goto("/admin/calendar");
    // This week: the now line, at any hour (the hours shown widen to take in now).
    await expect(page.locator(".fc-timegrid-now-indicator-line")).toHaveCount(1);
    // Yesterday's session is over without a report: marked in words.
    if (mondayOf(yesterday) !== mondayOf(today)) await page.getByRole("button", { name: "Previous week" }).click();
    await expect(eventsOn(page, yesterday).filter({ hasText: "History" })).toContainText("Report due");
    await page.getByRole("button", { name: "Today" }).click();

    // Two tutors at once: side by side, each in their colour, named in the event and the legend.
    await weekOf(page, monday);
    await page.setViewportSize({ width: 1440, height: 1100 });
    const chemistry = eventsOn(page, monday).filter({ hasText: "Chemistry" });
    const physics = eventsOn(page, monday).filter({ hasText: "Physics" });
    await expect(chemistry).toContainText(`with ${tutor.name}`);
    await expect(physics).toContainText(`with ${second.name}`);
    await expect(chemistry).not.toContainText("Report due");
    const [a, b] = [(await chemistry.boundingBox())!, (await physics.boundingBox())!];
    expect(a.x + a.width <= b.x + 1 || b.x + b.width <= a.x + 1, "overlapping sessions side by side, not over each other").toBe(true);
    const legend = page.getByRole("group", { name: "Tutors' colours" });
    await expect(legend).toContainText(tutor.name);
    await expect(legend).toContainText(second.name);
    const fill = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await fill(chemistry)).not.toBe(await fill(physics));
    await expectAccessible(page);
    await screenshot(page, "cal-admin-overlap");

    // On a phone the week keeps readable days and scrolls inside its own box, never the page.
    await page.setViewportSize({ width: 390, height: 900 });
    await expectNoSidewaysScroll(page, "The admin's week at 390 px");
    await expect
      .poll(async () => (await page.locator(".fc-timegrid-col.fc-day").first().boundingBox())?.width ?? 0, {
        message: "a day of the week at 390 px is at least 60 px wide",
      })
      .toBeGreaterThanOrEqual(60);
    await expect(page.getByRole("region", { name: /^Week of sessions/ })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, "cal-admin-week");
    await page.setViewportSize({ width: 1440, height: 1100 });

    // The list opens on today: yesterday's session is not in it, tomorrow's is.
    await page.getByRole("button", { name: "Today" }).click();
    await chooseView(page, "List");
    await expect(events(page, "Biology")).toHaveCount(1);
    await expect(events(page, "History")).toHaveCount(0);
    expect(await page.locator(".fc-list-day").first().getAttribute("data-date")).toBe(addDays(today, 1));
    await expectAccessible(page);
    await page.setViewportSize({ width: 320, height: 900 });
    await expectNoSidewaysScroll(page, "The admin's list at 320 px");
    await screenshot(page, "cal-admin-list");
  });

  test("@calendar a viewer in the workspace's zone is offered no choice of zone", async ({ page, api }) => {
    const { tutor } = await calendarWorkspace(api);
    await signInThroughForm(page, tutor);
    await expect(page).toHaveURL("/tutor/dashboard");
    await page.goto("/tutor/calendar");
    await expect(page.getByText("Times in Europe/London")).toBeVisible();
    await expect(page.getByRole("radiogroup", { name: "Show times in" })).toHaveCount(0);
  });

  test("@calendar a tutor makes a private calendar address in Settings; the feed holds the session; a new address revokes the old", async ({ page, api }) => {
    const { admin, tutor, tutorMemberId, student } = await calendarWorkspace(api);
    const day = addDays(londonToday(), 3);
    await scheduleAsAdmin(admin, { tutorMemberId, studentIds: [student.id], subject: "Biology", startsAt: `${day}T09:00`, endsAt: `${day}T10:00` });

    await signInThroughForm(page, tutor);
    await expect(page).toHaveURL("/tutor/dashboard");
    await page.goto("/tutor/settings");
    const section = page.getByRole("region", { name: "Calendar feed" });
    await expect(section.getByText("You have no calendar address yet.")).toBeVisible();
    await section.getByRole("button", { name: "Make my calendar address" }).click();
    const address = section.getByLabel("Your private calendar address");
    await expect(address).toHaveValue(/\/api\/calendar\/[^/]+\.ics$/);
    await expectAccessible(page);
    await section.scrollIntoViewIfNeeded();
    await screenshots(page, "cal-feed-settings");
    const first = await address.inputValue();

    const feed = await page.request.get(first, { headers: { cookie: "" } });
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toContain("text/calendar");
    // Read by ical.js (Mozilla's iCalendar library): the session, at 09:00 London time.
    const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
    const [event] = calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
    expect(event!.summary).toBe(`Biology: ${student.name}`);
    const [scheduled] = await sessionsAsAdmin(admin, day, addDays(day, 1));
    expect(event!.startDate.toJSDate().toISOString()).toBe(scheduled!.startsAt);
    expect(scheduled!.local.startTime).toBe("09:00");

    await section.getByRole("button", { name: "Make a new address" }).click();
    const dialog = page.getByRole("dialog", { name: "Make a new calendar address?" });
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Make a new address" }).click();
    await expect(address).not.toHaveValue(first);
    expect((await page.request.get(first)).status()).toBe(404);
    expect((await page.request.get(await address.inputValue())).status()).toBe(200);
  });

  test("@calendar a tutor drags one occurrence of a series to another day and time, a clash goes back, a resize changes the end", async ({ page, api }) => {
    test.setTimeout(120_000);
    const { admin, tutor, tutorMemberId, student } = await calendarWorkspace(api);
    const monday = nextMonday();
    const [tuesday, wednesday] = [addDays(monday, 1), addDays(monday, 2)];
    const series = await scheduleAsAdmin(admin, {
      tutorMemberId,
      studentIds: [student.id],
      subject: "Mathematics",
      startsAt: `${monday}T16:00`,
      endsAt: `${monday}T17:00`,
      repeat: { frequency: "weekly", count: 4 },
    });
    await scheduleAsAdmin(admin, { tutorMemberId, studentIds: [student.id], subject: "Physics", startsAt: `${tuesday}T10:00`, endsAt: `${tuesday}T11:00` });

    await signInThroughForm(page, tutor);
    await expect(page).toHaveURL("/tutor/dashboard");
    await page.goto("/tutor/calendar");
    await weekOf(page, monday);
    const maths = events(page, "Mathematics");
    await expect(maths).toHaveCount(1);
    await expect(maths).toHaveClass(/fc-event-draggable/);

    // Onto the Physics session of the same tutor and student: refused with the server's message, and back.
    await dragEvent(page, maths, { date: tuesday, time: "10:00" });
    const scope = page.getByRole("dialog", { name: "Move a session of a series" });
    await expect(scope).toContainText("10:00–11:00");
    await expectAccessible(page);
    await screenshots(page, "cal-drag-scope");
    await scope.getByRole("button", { name: "This session only" }).click();
    await notified(page, `${tutor.name} already has a session then: Physics on`);
    await expect(eventsOn(page, monday).filter({ hasText: "Mathematics" })).toContainText("16:00");
    await expect(eventsOn(page, tuesday).filter({ hasText: "Mathematics" })).toHaveCount(0);

    // Dropped, then thought better of (Escape): back in place, nothing sent.
    await dragEvent(page, maths, { date: wednesday, time: "10:00" });
    await expect(scope).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(scope).toHaveCount(0);
    await expect(eventsOn(page, monday).filter({ hasText: "Mathematics" })).toContainText("16:00");
    await expect(eventsOn(page, wednesday)).toHaveCount(0);

    // To Wednesday 10:00: the tutor set no availability, so the move is confirmed.
    await dragEvent(page, maths, { date: wednesday, time: "10:00" });
    await scope.getByRole("button", { name: "This session only" }).click();
    const outside = page.getByRole("dialog", { name: "Outside the tutor's availability" });
    await expect(outside).toContainText("The tutor has not set any availability");
    await expectAccessible(page);
    await screenshots(page, "cal-drag-outside");
    await outside.getByRole("button", { name: "Move anyway" }).click();
    await notified(page, "Session moved");
    await expect(eventsOn(page, wednesday).filter({ hasText: "Mathematics" })).toContainText("10:00");
    await expect(eventsOn(page, monday).filter({ hasText: "Mathematics" })).toHaveCount(0);
    let held = await sessionsAsAdmin(admin, monday, addDays(monday, 28));
    const byId = (id: string) => held.find((session) => session.id === id)!;
    expect(when(byId(series[0]!.id))).toBe(`${wednesday} 10:00–11:00`);
    for (const [index, occurrence] of series.slice(1).entries()) expect(when(byId(occurrence.id))).toBe(`${addDays(monday, 7 * (index + 1))} 16:00–17:00`);

    // Half an hour longer by its end.
    await resizeEvent(page, eventsOn(page, wednesday).filter({ hasText: "Mathematics" }), "11:00", "11:30");
    await expect(page.getByRole("dialog", { name: "Change a session of a series" })).toContainText("10:00–11:30");
    await page.getByRole("dialog", { name: "Change a session of a series" }).getByRole("button", { name: "This session only" }).click();
    await outside.getByRole("button", { name: "Change anyway" }).click();
    await notified(page, "Session changed");
    held = await sessionsAsAdmin(admin, monday, addDays(monday, 28));
    expect(when(byId(series[0]!.id))).toBe(`${wednesday} 10:00–11:30`);
    expect(when(byId(series[1]!.id))).toBe(`${addDays(monday, 7)} 16:00–17:00`);

    // In the month view a session moves to another day at its own time; it has no resize handle there.
    await chooseView(page, "Month");
    const thursday = addDays(monday, 3);
    const moved = page.locator(`td.fc-daygrid-day[data-date="${wednesday}"] .fc-event`).filter({ hasText: "Mathematics" });
    await expect(moved).toHaveClass(/fc-event-draggable/);
    await expect(page.locator(".fc-event-resizer")).toHaveCount(0);
    await dragEventToDay(page, moved, thursday);
    await page.getByRole("dialog", { name: "Move a session of a series" }).getByRole("button", { name: "This session only" }).click();
    await outside.getByRole("button", { name: "Move anyway" }).click();
    await notified(page, "Session moved");
    await expect(page.locator(`td.fc-daygrid-day[data-date="${thursday}"] .fc-event`).filter({ hasText: "Mathematics" })).toHaveCount(1);
    held = await sessionsAsAdmin(admin, monday, addDays(monday, 28));
    expect(when(byId(series[0]!.id))).toBe(`${thursday} 10:00–11:30`);
  });

  test("@calendar an admin edits a series from the drawer, this and following; a parent cannot drag", async ({ page, api }) => {
    test.setTimeout(120_000);
    const { admin, tutor, tutorMemberId, student } = await calendarWorkspace(api);
    const parent = await api.createMember("parent", { admin });
    await linkGuardian(admin, student.id, await memberIdOf(admin, parent.email));
    const monday = nextMonday();
    const second = addDays(monday, 7);
    const series = await scheduleAsAdmin(admin, {
      tutorMemberId,
      studentIds: [student.id],
      subject: "Mathematics",
      startsAt: `${monday}T16:00`,
      endsAt: `${monday}T17:00`,
      repeat: { frequency: "weekly", count: 4 },
    });

    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await page.goto("/admin/calendar");
    await weekOf(page, second);
    await events(page, "Mathematics").click();
    const drawer = page.getByRole("dialog", { name: "Mathematics" });
    await drawer.getByRole("button", { name: "Edit" }).click();
    await expect(drawer).toHaveCount(0);
    const dialog = page.getByRole("dialog", { name: "Edit session" });
    await expect(dialog).toContainText(`${student.name} with ${tutor.name}`);
    // Cancel goes back to the session's details.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await drawer.getByRole("button", { name: "Edit" }).click();
    await expect(fieldIn(dialog, "Date")).toHaveValue(second);
    await expect(fieldIn(dialog, "Start time")).toHaveValue("16:00");
    // Nothing changed yet: nothing is sent.
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog.getByText("No field was changed.")).toBeVisible();
    await fieldIn(dialog, "Start time").fill("17:00");
    await fieldIn(dialog, "End time").fill("16:30");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog.getByText("End must be after start.")).toBeVisible();
    await fieldIn(dialog, "End time").fill("18:00");
    await fieldIn(dialog, "Location").fill("Library");
    await dialog.getByRole("radio", { name: "This and the following sessions of the series" }).check();
    await expectAccessible(page);
    await screenshots(page, "cal-edit");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await dialog.getByRole("button", { name: "Save anyway" }).click();
    await notified(page, "3 sessions updated");
    await expect(dialog).toHaveCount(0);
    await expect(events(page, "Mathematics")).toContainText("17:00");

    const held = await sessionsAsAdmin(admin, monday, addDays(monday, 28));
    const byId = (id: string) => held.find((session) => session.id === id)!;
    expect(when(byId(series[0]!.id))).toBe(`${monday} 16:00–17:00`);
    expect(byId(series[0]!.id).location).toBeNull();
    for (const [index, occurrence] of series.slice(1).entries()) {
      expect(when(byId(occurrence.id))).toBe(`${addDays(second, 7 * index)} 17:00–18:00`);
      expect(byId(occurrence.id).location).toBe("Library");
    }

    // The parent sees the same week: no event can be dragged or resized, and there is no Edit.
    await page.context().clearCookies();
    await signInThroughForm(page, parent);
    await expect(page).toHaveURL("/parent/dashboard");
    await page.goto(`/parent/students/${student.id}`);
    const sessions = page.getByRole("region", { name: "Sessions" });
    await chooseView(page, "Week");
    await weekOf(page, second, sessions);
    await expect(events(page, "Mathematics")).toContainText("17:00");
    await expect(page.locator(".fc-event-draggable, .fc-event-resizable, .fc-event-resizer")).toHaveCount(0);
    await events(page, "Mathematics").click();
    await expect(page.getByRole("dialog", { name: "Mathematics" }).getByRole("button", { name: "Ask to cancel" })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Mathematics" }).getByRole("button", { name: "Edit" })).toHaveCount(0);
  });

  test("@calendar an admin cancels a session starting in two hours: it counts as a late cancellation", async ({ page, api }) => {
    test.setTimeout(120_000);
    const { admin, tutorMemberId, student } = await calendarWorkspace(api);
    // Two hours from now on London's wall clock, on a five-minute mark.
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-CA", {
        timeZone: "Europe/London",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      })
        .formatToParts(new Date(Date.now() + 2 * 3_600_000))
        .map((part) => [part.type, part.value]),
    );
    const date = `${parts.year}-${parts.month}-${parts.day}`;
    const minutes = Math.min(Number(parts.hour) * 60 + Math.floor(Number(parts.minute) / 5) * 5, 22 * 60);
    const time = (total: number) => `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
    await scheduleAsAdmin(admin, {
      tutorMemberId,
      studentIds: [student.id],
      subject: "Biology",
      startsAt: `${date}T${time(minutes)}`,
      endsAt: `${date}T${time(minutes + 60)}`,
    });

    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await page.goto("/admin/calendar");
    await weekOf(page, date);
    await events(page, "Biology").click();
    const drawer = page.getByRole("dialog", { name: "Biology" });
    await drawer.getByRole("button", { name: "Cancel session" }).click();
    // The admin knows the notice period: the drawer says what cancelling now means.
    await expect(drawer.getByText("This will be a late cancellation")).toBeVisible();
    await expect(drawer).toContainText("inside the workspace's 24-hour notice period");
    await expectAccessible(page);
    await drawer.getByRole("button", { name: "Cancel session" }).click();
    await notified(page, "Counted as a late cancellation");
    await expect(events(page, "Biology")).toContainText("(Late cancellation)");
    const [cancelled] = await sessionsAsAdmin(admin, date, addDays(date, 1));
    expect(cancelled!.status).toBe("late_cancelled");
    // The session says who scheduled and who cancelled it.
    await events(page, "Biology").click();
    const history = page.getByRole("dialog", { name: "Biology" }).getByRole("definition").filter({ hasText: "Scheduled by" });
    await expect(history).toContainText(`Scheduled by ${admin.name} on `);
    await expect(history).toContainText(`Cancelled by ${admin.name} on `);
  });
});
