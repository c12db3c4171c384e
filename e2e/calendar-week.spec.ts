/** The admin's week at a glance, and the private calendar address a tutor subscribes to. */
import type { Locator } from "@playwright/test";
import ICAL from "ical.js";
import {
  addDays,
  calendarWorkspace,
  chooseView,
  events,
  eventsOn,
  londonToday,
  mondayOf,
  nextMonday,
  scheduleAsAdmin,
  sessionsAsAdmin,
  weekOf,
} from "./support/calendar.ts";
import { addStudent, assign, memberIdOf, uniqueName } from "./support/family.ts";
import { expect, expectAccessible, signInThroughForm, test } from "./support/fixtures.ts";
import { expectNoSidewaysScroll, screenshot, screenshots } from "./support/screens.ts";

test.describe("@calendar the week and the feed", () => {
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
});
