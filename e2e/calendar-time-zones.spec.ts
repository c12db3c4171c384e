/** Each viewer reads a session's time in their own zone or the workspace's, the zone named. */
import { addDays, calendarWorkspace, chooseView, clockIn, dateIn, events, eventsOn, londonToday, mondayOf, scheduleAsAdmin } from "./support/calendar.ts";
import { linkGuardian, memberIdOf } from "./support/family.ts";
import { expect, expectAccessible, signInThroughForm, test } from "./support/fixtures.ts";
import { expectNoSidewaysScroll, screenshot } from "./support/screens.ts";

test.describe("@calendar time zones", () => {
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

  test("@calendar a viewer in the workspace's zone is offered no choice of zone", async ({ page, api }) => {
    const { tutor } = await calendarWorkspace(api);
    await signInThroughForm(page, tutor);
    await expect(page).toHaveURL("/tutor/dashboard");
    await page.goto("/tutor/calendar");
    await expect(page.getByText("Times in Europe/London")).toBeVisible();
    await expect(page.getByRole("radiogroup", { name: "Show times in" })).toHaveCount(0);
  });
});
