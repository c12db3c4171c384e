/** Sessions made, seen in each view and cancelled, by each role. */
import {
  addDays,
  calendarWorkspace,
  chooseView,
  events,
  fieldIn,
  londonToday,
  nextMonday,
  notified,
  scheduleAsAdmin,
  sessionsAsAdmin,
  studentLogin,
  weekOf,
} from "./support/calendar.ts";
import { addStudent, assign, linkGuardian, memberIdOf } from "./support/family.ts";
import { expect, expectAccessible, signInThroughForm, test } from "./support/fixtures.ts";
import { screenshots } from "./support/screens.ts";

test.describe("@calendar scheduling and cancelling", () => {
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
