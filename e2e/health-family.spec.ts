import type { APIResponse } from "@playwright/test";
import type { OwnHealth, HealthRulesVersion } from "../src/shared/schemas/student-health.ts";
import { addDays, calendarWorkspace, londonToday, scheduleAsAdmin, studentLogin } from "./support/calendar.ts";
import { clientOf, linkGuardian, memberIdOf } from "./support/family.ts";
import { expect, expectAccessible, signInThroughForm, test } from "./support/fixtures.ts";
import { checkWidths } from "./support/screens.ts";

async function expectStatus(response: APIResponse, status: number, step: string): Promise<void> {
  if (response.status() !== status) throw new Error(`${step} answered ${response.status()} instead of ${status}: ${await response.text()}`);
}

/** The words of the staff's and family's card, which the student's own never uses. */
const RISK_WORDS = /\b(risk|watch|act)\b/i;

test.describe("@health student health as families read it", () => {
  test("@health a parent opens the health rules from their child's card: the bands, the rules families see, and the history", async ({ page, api }) => {
    const { admin, student } = await calendarWorkspace(api);
    const parent = await api.createMember("parent", { admin });
    await linkGuardian(admin, student.id, await memberIdOf(admin, parent.email));
    // Version 2: a threshold tuned and a rule kept for staff, so the family's page lists six rules and says what changed.
    const current = await admin.client.get("/api/admin/health/rules");
    await expectStatus(current, 200, "Reading the rules in force");
    const { version, rules } = (await current.json()) as HealthRulesVersion;
    const tuned = {
      ...rules,
      rules: {
        ...rules.rules,
        noRecentSession: { ...rules.rules.noRecentSession, days: 28 },
        lowEngagement: { ...rules.rules.lowEngagement, familyVisible: false },
      },
    };
    await expectStatus(await admin.client.put("/api/admin/health/rules", { data: { baseVersion: version, rules: tuned } }), 200, "Publishing version 2");

    await signInThroughForm(page, parent);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/parent/students/${student.id}`);
    const card = page.getByRole("region", { name: "Health" });
    await card.getByRole("link", { name: "How the score is worked out" }).click();
    await expect(page).toHaveURL("/parent/health-rules");
    await expect(page.getByRole("heading", { level: 1, name: "Health rules" })).toBeVisible();

    const how = page.getByRole("region", { name: "How the score works" });
    await expect(how).toContainText("Each rule below looks at the last 8 weeks");
    const bands = how.getByRole("list", { name: "Bands of the score" }).getByRole("listitem");
    await expect(bands).toHaveCount(3);
    await expect(bands.nth(0)).toContainText("On track");
    await expect(bands.nth(0)).toContainText("a score of 0 to 19");
    await expect(bands.nth(1)).toContainText("a score of 20 to 39");
    await expect(bands.nth(2)).toContainText("a score of 40 or more");

    const inForce = page.getByRole("region", { name: "The rules in force" });
    await expect(inForce).toContainText("Version 2, published");
    const listed = inForce.getByRole("list", { name: "Rules in force" }).getByRole("listitem");
    await expect(listed).toHaveCount(6);
    await expect(inForce.getByText("No session attended for 28 days: +15.")).toBeVisible();
    await expect(inForce.getByText(/^Missed 10% or more of the sessions held in the last 8 weeks .*: \+20; 20% or more: \+35 instead\.$/)).toBeVisible();
    // A rule kept for staff is not among the family's.
    await expect(inForce.getByText("Low engagement")).toHaveCount(0);

    const history = page.getByRole("region", { name: "History of the rules" });
    await expect(history.getByRole("heading", { level: 3 })).toHaveCount(2);
    await expect(history.getByRole("heading", { level: 3 }).first()).toContainText(/^Version 2, published .* \(in force\)$/);
    await expect(history.getByText("Low engagement: staff only.")).toBeVisible();
    await expect(
      history.getByText(/^No recent session: now "No session attended for 28 days: \+15\." \(was "No session attended for 21 days: \+15\."\)$/),
    ).toBeVisible();
    await expect(history.getByText("The default rules.")).toBeVisible();
    await expectAccessible(page);
    await checkWidths(page, "parent-health-rules", [390, 320]);

    await page.getByRole("link", { name: "My students" }).first().click();
    await expect(page).toHaveURL("/parent/students");
  });

  test("@health a student reads their own attendance and progress, first before any report and then once scored, never in risk words", async ({
    page,
    api,
  }) => {
    // The card is scored by the due job, which runs every minute.
    test.setTimeout(180_000);
    const { admin, tutorMemberId, student } = await calendarWorkspace(api);
    const account = await studentLogin(api, admin, student.id);

    await signInThroughForm(page, account);
    await expect(page).toHaveURL("/student/dashboard");
    await page.goto("/student/profile");
    const section = page.getByRole("region", { name: "My attendance and progress" });
    await expect(section.getByText(/^Nothing to show yet/)).toBeVisible();
    await expectAccessible(page);

    // Three sessions of the last two weeks, attended and reported: understanding 3, 3 then 4; homework done once and partly once.
    const today = londonToday();
    const entries = [
      { day: addDays(today, -10), attendance: "present", previousHomework: "none_set", understanding: 3, scorePercent: null },
      { day: addDays(today, -6), attendance: "present", previousHomework: "completed", understanding: 3, scorePercent: 60 },
      { day: addDays(today, -2), attendance: "late", previousHomework: "partly", understanding: 4, scorePercent: 72 },
    ];
    for (const entry of entries) {
      const [session] = await scheduleAsAdmin(admin, {
        tutorMemberId,
        studentIds: [student.id],
        subject: "Mathematics",
        startsAt: `${entry.day}T16:00`,
        endsAt: `${entry.day}T17:00`,
      });
      const report = await admin.client.put(`/api/admin/sessions/${session!.id}/report`, {
        data: {
          topics: "Fractions and ratios",
          homeworkSet: "Exercise 4A",
          students: [
            {
              studentId: student.id,
              attendance: entry.attendance,
              previousHomework: entry.previousHomework,
              understanding: entry.understanding,
              engagement: 4,
              scorePercent: entry.scorePercent,
            },
          ],
        },
      });
      await expectStatus(report, 200, `Filing the report of ${entry.day}`);
    }
    const studentClient = await clientOf(api, account);
    await expect
      .poll(async () => ((await (await studentClient.get("/api/student/health")).json()) as OwnHealth).scored, {
        message: "the student's card scored by the due job",
        timeout: 120_000,
        intervals: [2_000],
      })
      .toBe(true);

    await page.reload();
    await expect(section.getByText("You attended 3 of the 3 sessions held in the last 8 weeks. Great attendance: keep it up!")).toBeVisible();
    await expect(section.getByText("100%")).toBeVisible();
    await expect(section.getByText("1 of 2 done (1 partly)")).toBeVisible();
    await expect(section.getByText("3, 3, 4")).toBeVisible();
    await expect(section.getByText("60%, 72%")).toBeVisible();
    await expect(section.getByText("Oldest first. Going up: great progress!")).toHaveCount(2);
    await expect(section.getByText(/^(Yesterday|\d+ days ago)\.$/)).toBeVisible();
    expect(await section.textContent()).not.toMatch(RISK_WORDS);
    await expectAccessible(page);
    await checkWidths(page, "student-own-health", [390, 320]);
  });
});
