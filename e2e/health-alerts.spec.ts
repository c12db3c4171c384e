import type { Page } from "@playwright/test";
import type { Api, AdminAccount } from "./support/api.ts";
import { addDays, calendarWorkspace, londonToday, notified, scheduleAsAdmin } from "./support/calendar.ts";
import { linkGuardian, memberIdOf } from "./support/family.ts";
import { expect, expectAccessible, signInThroughForm, test } from "./support/fixtures.ts";
import { checkWidths } from "./support/screens.ts";

/**
 * Six weekly-ish sessions of a student in the last fortnight: five attended, the last one
 * missed (absent). One miss of six is 17%: the missed-share rule's +20, "watch" (amber).
 */
async function attendanceDrops(api: Api) {
  const setup = await calendarWorkspace(api);
  const { admin, tutorMemberId, student } = setup;
  const parent = await api.createMember("parent", { admin });
  await linkGuardian(admin, student.id, await memberIdOf(admin, parent.email));
  const days = [-13, -11, -9, -7, -5, -3];
  const sessions: string[] = [];
  for (const offset of days) {
    const day = addDays(londonToday(), offset);
    const [made] = await scheduleAsAdmin(admin, {
      tutorMemberId,
      studentIds: [student.id],
      subject: "Mathematics",
      startsAt: `${day}T16:00`,
      endsAt: `${day}T17:00`,
    });
    sessions.push(made!.id);
  }
  for (const [index, sessionId] of sessions.entries()) {
    const absent = index === sessions.length - 1;
    const filed = await admin.client.put(`/api/admin/sessions/${sessionId}/report`, {
      data: {
        topics: "Fractions",
        students: [
          absent
            ? { studentId: student.id, attendance: "absent", previousHomework: "none_set", understanding: null, engagement: null }
            : { studentId: student.id, attendance: "present", previousHomework: "completed", understanding: 4, engagement: 4 },
        ],
      },
    });
    expect(filed.status(), await filed.text()).toBe(200);
  }
  return { ...setup, parent, missedSessionId: sessions.at(-1)! };
}

/** The card is computed by the minute job after the reports: waits for it. */
async function cardScored(admin: AdminAccount, studentId: string, band: string) {
  await expect
    .poll(
      async () => {
        const card = await (await admin.client.get(`/api/admin/students/${studentId}/health`)).json();
        return card.scored ? card.band : "not scored";
      },
      { timeout: 100_000, intervals: [2_000] },
    )
    .toBe(band);
}

async function signIn(page: Page, account: { email: string; password: string }, landing: string) {
  await signInThroughForm(page, account);
  await expect(page).toHaveURL(landing);
}

test.describe("@health student health alerts", () => {
  test("@health attendance drops: the card turns amber with its reason, the guardian questions the absence, the admin accepts, the card recovers and the alert resolves itself", async ({
    page,
    api,
    browser,
  }) => {
    test.setTimeout(240_000);
    const { admin, parent, student } = await attendanceDrops(api);
    await cardScored(admin, student.id, "watch");

    // The guardian: the amber card with its reason and the session behind it, and the alert.
    await signIn(page, parent, "/parent/dashboard");
    await page.goto(`/parent/students/${student.id}`);
    const card = page.getByRole("region", { name: "Health" });
    await expect(card.getByText("Watch", { exact: true })).toBeVisible();
    await expect(card.getByText("Missed 1 of 6 sessions (17%) in the last 8 weeks: +20")).toBeVisible();
    await expectAccessible(page);
    await checkWidths(page, "parent-health-card", [1440, 390, 320]);
    await page.goto("/parent/alerts");
    await expect(page.getByRole("article").filter({ hasText: "Missed 1 of 6 sessions" })).toBeVisible();
    await expectAccessible(page);
    await checkWidths(page, "parent-alerts", [390]);

    // The question: refused without a message, then sent; it waits on the card.
    await page.goto(`/parent/students/${student.id}`);
    await card
      .getByRole("button", { name: /^Question the session of / })
      .first()
      .click();
    const ask = page.getByRole("dialog", { name: /^Question the session of / });
    await ask.getByRole("button", { name: "Send the question" }).click();
    await expect(ask.getByText("Your message is required.")).toBeVisible();
    await ask.getByLabel("What happened").fill("She was ill and we told the tutor the day before.");
    await expectAccessible(page);
    await ask.getByRole("button", { name: "Send the question" }).click();
    await notified(page, "Question sent");
    await expect(card.getByText("Waiting for an answer")).toBeVisible();

    // The admin: the alert in the inbox, the question answered by excusing the absence.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, admin, "/admin/dashboard");
    await expect(adminPage.getByRole("region", { name: "Alerts" }).getByText("Missed 1 of 6 sessions")).toBeVisible();
    await adminPage.goto("/admin/health/alerts");
    await expect(adminPage.getByRole("article").filter({ hasText: student.name })).toContainText("Missed 1 of 6 sessions");
    await expectAccessible(adminPage);
    await checkWidths(adminPage, "admin-alerts", [1440, 390]);
    await adminPage.getByRole("tab", { name: "Questions from families" }).click();
    await adminPage.getByRole("button", { name: `Answer ${student.name}'s question` }).click();
    const answer = adminPage.getByRole("dialog", { name: "Answer the family" });
    await answer.getByLabel("Your answer to the family").fill("Agreed: the absence is excused.");
    await expectAccessible(adminPage);
    await answer.getByRole("button", { name: "Accept" }).click();
    await notified(adminPage, "Question accepted");
    await expect(adminPage.getByText("No question waits for an answer.")).toBeVisible();

    // The alert resolved itself, and says so.
    await adminPage.getByRole("tab", { name: "Alerts" }).click();
    await expect(adminPage.getByText("No open alert: nothing needs attention.")).toBeVisible();
    await adminPage.getByText("Closed", { exact: true }).click();
    await expect(adminPage.getByRole("article").filter({ hasText: student.name })).toContainText(
      /Resolved by itself on \d{4}-\d\d-\d\d: the student is back on track/,
    );
    await adminContext.close();

    // The guardian's card has recovered, with the answer on its thread.
    await page.reload();
    await expect(card.getByText("On track", { exact: true })).toBeVisible();
    await expect(card.getByText("Accepted", { exact: true })).toBeVisible();
    await expect(card.getByText(/answered on .*Agreed: the absence is excused\./)).toBeVisible();
    await expectAccessible(page);
  });

  test("@health a tutor acknowledges and plans an action on an alert of their student; Settings keeps the digest preferences", async ({ page, api }) => {
    test.setTimeout(180_000);
    const { admin, tutor, student } = await attendanceDrops(api);
    await cardScored(admin, student.id, "watch");
    await signIn(page, tutor, "/tutor/dashboard");
    await page.goto("/tutor/alerts");
    const alert = page.getByRole("article").filter({ hasText: "Missed 1 of 6 sessions" });
    await alert.getByRole("button", { name: "Acknowledge" }).click();
    await notified(page, "Alert acknowledged");
    await expect(alert.getByText("Acknowledged", { exact: true })).toBeVisible();
    // By keyboard: the dialog, whose code loads when it is first asked for, opens on Enter and
    // gives the focus back to its button on Escape.
    const planButton = alert.getByRole("button", { name: "Plan an action" });
    const plan = page.getByRole("dialog", { name: "Plan an action" });
    await planButton.focus();
    await page.keyboard.press("Enter");
    await expect(plan.getByLabel("What will be done")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(plan).toBeHidden();
    await expect(planButton).toBeFocused();
    await planButton.click();
    await plan.getByLabel("What will be done").fill("Call the family before Thursday's session");
    await expectAccessible(page);
    await plan.getByRole("button", { name: "Save the plan" }).click();
    await notified(page, "Action planned");
    await expect(alert).toContainText("Call the family before Thursday's session");
    await expectAccessible(page);
    await checkWidths(page, "tutor-alerts", [1440, 390, 320]);

    await page.goto("/tutor/settings");
    const notifications = page.getByRole("region", { name: "Notifications" });
    // By keyboard: the switch takes the focus and Space turns it off.
    await notifications.getByRole("switch", { name: "Daily alert digest by mail" }).focus();
    await page.keyboard.press("Space");
    await notifications.getByRole("button", { name: "Save notifications" }).click();
    await notified(page, "The daily alert digest is off.");
    await page.reload();
    await expect(notifications.getByRole("switch", { name: "Daily alert digest by mail" })).not.toBeChecked();
    await expectAccessible(page);
  });
});
