import type { APIResponse, Page } from "@playwright/test";
import type { HealthListPage, HealthRulesVersion } from "../src/shared/schemas/student-health.ts";
import { uniqueName } from "./support/api.ts";
import { addDays, calendarWorkspace, londonToday, scheduleAsAdmin } from "./support/calendar.ts";
import { addStudent, assign, clientOf, linkGuardian, memberIdOf } from "./support/family.ts";
import { expect, expectAccessible, signInThroughForm, test } from "./support/fixtures.ts";
import { checkWidths } from "./support/screens.ts";

async function expectStatus(response: APIResponse, status: number, step: string): Promise<void> {
  if (response.status() !== status) throw new Error(`${step} answered ${response.status()} instead of ${status}: ${await response.text()}`);
}

/** The students' names in the order the list shows them (the table's row headers, or the stacked cards' headings). */
const listedNames = (page: Page) => page.getByRole("rowheader").allTextContents();

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test.describe("@health the health lists", () => {
  test("@health an admin reads every student by risk, filters and orders them; the tutor's caseload and the family's summary on their dashboards", async ({
    page,
    api,
    browser,
  }) => {
    // The cards are scored by the due job, which runs every minute.
    test.setTimeout(300_000);
    const { admin, tutor, tutorMemberId, student: sam } = await calendarWorkspace(api);
    const [ava, ben, cleo] = [
      await addStudent(admin, { name: uniqueName("Ava") }),
      await addStudent(admin, { name: uniqueName("Ben") }),
      await addStudent(admin, { name: uniqueName("Cleo") }),
    ];
    for (const student of [ava, ben, cleo]) await assign(admin, tutorMemberId, student.id);
    const parent = await api.createMember("parent", { admin });
    await linkGuardian(admin, cleo.id, await memberIdOf(admin, parent.email));
    // Misses in a row are for staff: the family's score leaves them out.
    const current = await admin.client.get("/api/admin/health/rules");
    await expectStatus(current, 200, "Reading the rules in force");
    const { version, rules } = (await current.json()) as HealthRulesVersion;
    const staffOnly = { ...rules, rules: { ...rules.rules, consecutiveMisses: { ...rules.rules.consecutiveMisses, familyVisible: false } } };
    await expectStatus(await admin.client.put("/api/admin/health/rules", { data: { baseVersion: version, rules: staffOnly } }), 200, "Publishing version 2");

    // Six sessions of the last two weeks for Ava, Ben and Cleo: Ava attends all (on track), Ben
    // misses the first (1 of 6: +20, watch), Cleo the last two (2 of 6 +35, two in a row +15,
    // two thirds of the minutes +15: 65, act). Sam has none (scored when the rules were published: on track).
    const today = londonToday();
    for (const [index, daysAgo] of [12, 10, 8, 6, 4, 2].entries()) {
      const day = addDays(today, -daysAgo);
      const [session] = await scheduleAsAdmin(admin, {
        tutorMemberId,
        studentIds: [ava.id, ben.id, cleo.id],
        subject: "Mathematics",
        startsAt: `${day}T16:00`,
        endsAt: `${day}T17:00`,
      });
      const attended = (present: boolean) =>
        present ? { attendance: "present", understanding: 4, engagement: 4 } : { attendance: "absent", understanding: null, engagement: null };
      const report = await admin.client.put(`/api/admin/sessions/${session!.id}/report`, {
        data: {
          topics: "Fractions",
          homeworkSet: "",
          students: [
            { studentId: ava.id, previousHomework: "none_set", ...attended(true) },
            { studentId: ben.id, previousHomework: "none_set", ...attended(index !== 0) },
            { studentId: cleo.id, previousHomework: "none_set", ...attended(index < 4) },
          ],
        },
      });
      await expectStatus(report, 200, `Filing the report of ${day}`);
    }
    await expect
      .poll(async () => ((await (await admin.client.get("/api/admin/health/students?band=act")).json()) as HealthListPage).total, {
        message: "Cleo's card scored by the due job",
        timeout: 150_000,
        intervals: [2_000],
      })
      .toBe(1);
    await expect
      .poll(async () => ((await (await admin.client.get("/api/admin/health/students")).json()) as HealthListPage).items.filter((item) => item.band).length, {
        message: "the four cards scored",
        timeout: 60_000,
        intervals: [2_000],
      })
      .toBe(4);

    // The admin's list: highest risk first (Ava and Sam tie at 0, in either order); each band in words.
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Student health" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Student health" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Rules" })).toHaveAttribute("href", "/admin/health/rules");
    await expect(page.getByRole("link", { name: "Alerts" })).toHaveAttribute("href", "/admin/health/alerts");
    await expect(page.getByText("Showing 1–4 of 4 students")).toBeVisible();
    const byRisk = await listedNames(page);
    expect(byRisk.slice(0, 2)).toEqual([cleo.name, ben.name]);
    expect(byRisk.slice(2).sort()).toEqual([ava.name, sam.name]);
    const cleoRow = page.getByRole("row").filter({ hasText: cleo.name });
    await expect(cleoRow).toContainText("Act");
    await expect(cleoRow).toContainText("65");
    await expect(cleoRow).toContainText("Missed 2 of 6 sessions (33%) in the last 8 weeks: +35");
    await expect(cleoRow).toContainText(tutor.name);
    await expect(cleoRow.getByRole("img", { name: "No score a week old to compare" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: ben.name })).toContainText("Watch");
    await expect(page.getByRole("row").filter({ hasText: ava.name })).toContainText("On track");
    await expect(page.getByRole("row").filter({ hasText: sam.name })).toContainText("No rule fires");
    await expectAccessible(page);
    await checkWidths(page, "admin-health-list", [1440, 390, 320]);

    // Filter by band: Watch holds Ben alone, and the URL keeps it.
    await choose(page, "Band", "Watch");
    await expect(page).toHaveURL(/band=watch/);
    await expect(page.getByText("Showing 1–1 of 1 student")).toBeVisible();
    expect(await listedNames(page)).toEqual([ben.name]);
    await choose(page, "Band", "Any band");
    await expect(page.getByText("Showing 1–4 of 4 students")).toBeVisible();

    // By the rule that fires: misses in a row, Cleo alone.
    await choose(page, "Rule that fires", "Misses in a row");
    await expect(page).toHaveURL(/rule=consecutiveMisses/);
    await expect(page.getByText("Showing 1–1 of 1 student")).toBeVisible();
    expect(await listedNames(page)).toEqual([cleo.name]);
    await choose(page, "Rule that fires", "Any rule");

    // Orders: by name, either way; lowest risk first.
    await choose(page, "Order", "Name, A to Z");
    await expect(page).toHaveURL(/sort=name-asc/);
    await expect.poll(() => listedNames(page)).toEqual([ava.name, ben.name, cleo.name, sam.name]);
    await choose(page, "Order", "Name, Z to A");
    await expect.poll(() => listedNames(page)).toEqual([sam.name, cleo.name, ben.name, ava.name]);
    await choose(page, "Order", "Lowest risk first");
    await expect.poll(async () => (await listedNames(page)).slice(2)).toEqual([ben.name, cleo.name]);
    // The pointer, left where the option was, hovers the first row: its highlight is not what is checked here.
    await page.mouse.move(0, 0);
    await expectAccessible(page);

    // Nothing matches: said so, with the way back.
    await page.getByRole("searchbox", { name: "Search by name" }).fill("nobody-by-this-name");
    await expect(page.getByText("No students match.")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Clear search and filters" }).click();
    await expect(page.getByText("Showing 1–4 of 4 students")).toBeVisible();

    // On a phone the rows stack as cards, each with its band in words.
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByRole("list", { name: "Students' health" });
    await expect(cards.getByRole("listitem").filter({ hasText: cleo.name })).toContainText("Act");
    await expectAccessible(page);
    await page.setViewportSize({ width: 1440, height: 900 });

    // The tutor's dashboard: the caseload by risk, Cleo first.
    const tutorContext = await browser.newContext();
    const tutorPage = await tutorContext.newPage();
    await signInThroughForm(tutorPage, tutor);
    await expect(tutorPage).toHaveURL("/tutor/dashboard");
    const caseload = tutorPage.getByRole("region", { name: "Caseload by risk" });
    const caseloadItems = caseload.getByRole("list", { name: "Students by risk" }).getByRole("listitem");
    await expect(caseloadItems).toHaveCount(4);
    await expect(caseloadItems.first()).toContainText(cleo.name);
    await expect(caseloadItems.first()).toContainText("Act");
    await expect(caseloadItems.first()).toContainText("Score 65");
    await expect(caseloadItems.first().getByRole("link", { name: cleo.name })).toHaveAttribute("href", `/tutor/students/${cleo.id}`);
    await expectAccessible(tutorPage);
    await checkWidths(tutorPage, "tutor-dashboard-caseload", [390, 320]);
    await tutorContext.close();

    // The parent's dashboard: Cleo's family score, without the misses in a row.
    const parentContext = await browser.newContext();
    const parentPage = await parentContext.newPage();
    await signInThroughForm(parentPage, parent);
    await expect(parentPage).toHaveURL("/parent/dashboard");
    const health = parentPage.getByRole("region", { name: "Health" });
    const child = health.getByRole("list", { name: "Your children's health" }).getByRole("listitem");
    await expect(child).toHaveCount(1);
    await expect(child).toContainText(cleo.name);
    await expect(child).toContainText("Act");
    await expect(child).toContainText("Score 50");
    await expect(child).toContainText("Missed 2 of 6 sessions (33%) in the last 8 weeks: +35");
    await expect(child.getByRole("link", { name: cleo.name })).toHaveAttribute("href", `/parent/students/${cleo.id}`);
    const parentApi = await clientOf(api, parent);
    const family = await (await parentApi.get("/api/parent/health/students")).json();
    expect(JSON.stringify(family)).not.toMatch(/in a row/);
    await expectAccessible(parentPage);
    await checkWidths(parentPage, "parent-dashboard-health", [390, 320]);
    await parentContext.close();
  });
});
