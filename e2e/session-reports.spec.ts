import type { Page } from "@playwright/test";
import type { ReportView } from "../src/shared/schemas/session-reports.ts";
import { addDays, calendarWorkspace, londonToday, scheduleAsAdmin, studentLogin } from "./support/calendar.ts";
import { addStudent, assign, clientOf, linkGuardian, memberIdOf, uniqueName } from "./support/family.ts";
import { expect, expectAccessible, signInThroughForm, test } from "./support/fixtures.ts";
import { expectNoSidewaysScroll, screenshot, screenshots } from "./support/screens.ts";
import { linkIn } from "./support/api.ts";

/** A notification with this text is shown; it is then closed, so that it covers no control. */
async function notified(page: Page, text: string): Promise<void> {
  const notification = page.getByRole("alert").filter({ hasText: text });
  await expect(notification).toBeVisible();
  await notification.getByRole("button", { name: "Close notification" }).click();
  await expect(notification).toHaveCount(0);
}

test.describe("@reports session reports and summaries", () => {
  test("@reports a tutor files a report and shares the summary; the parent gets it by email and reads it in the parent area", async ({ page, api }) => {
    test.setTimeout(150_000);
    const { admin, tutor, tutorMemberId, student } = await calendarWorkspace(api);
    const parent = await api.createMember("parent", { admin });
    await linkGuardian(admin, student.id, await memberIdOf(admin, parent.email));
    const yesterday = addDays(londonToday(), -1);
    const lastWeek = addDays(londonToday(), -6);
    const [session] = await scheduleAsAdmin(admin, {
      tutorMemberId,
      studentIds: [student.id],
      subject: "Mathematics",
      startsAt: `${yesterday}T16:00`,
      endsAt: `${yesterday}T17:00`,
    });
    const [overdue] = await scheduleAsAdmin(admin, {
      tutorMemberId,
      studentIds: [student.id],
      subject: "Physics",
      startsAt: `${lastWeek}T10:00`,
      endsAt: `${lastWeek}T11:00`,
    });

    // The tutor's dashboard lists the overdue report; Reports lists both.
    await signInThroughForm(page, tutor);
    await expect(page).toHaveURL("/tutor/dashboard");
    const missing = page.getByRole("region", { name: "Missing reports" });
    await expect(missing.getByRole("link", { name: "Physics" })).toBeVisible();
    await expect(missing.getByRole("link", { name: "Mathematics" })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole("navigation", { name: "Tutor navigation" }).getByRole("link", { name: "Reports" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    const toReport = page.getByRole("region", { name: "Sessions to report" });
    await expect(toReport.getByRole("row")).toHaveCount(3);
    await expect(toReport.getByRole("row").filter({ hasText: "Physics" })).toContainText("Overdue");
    await expectAccessible(page);
    await screenshots(page, "reports-tutor-due");

    // The session page: a refused report first (the schema's own messages), then a real one.
    await toReport.getByRole("link", { name: "Mathematics" }).click();
    await expect(page).toHaveURL(`/tutor/sessions/${session!.id}`);
    await expect(page.getByRole("heading", { level: 1, name: /^Mathematics with / })).toBeVisible();
    const reportSection = page.getByRole("region", { name: "Session report" });
    await expectAccessible(page);
    await reportSection.getByRole("button", { name: "File the report" }).click();
    await expect(reportSection.getByText("Topics covered is required.")).toBeVisible();
    await expect(reportSection.getByText("Rate understanding from 1 to 5.")).toBeVisible();
    // Previous homework is not assumed: it waits for the tutor's answer.
    await expect(reportSection.getByLabel("Previous homework")).toHaveValue("");
    await expect(reportSection.getByText("Say how the previous homework went.")).toBeVisible();
    await expect(reportSection.getByLabel("Topics covered")).toBeFocused();
    await reportSection.getByLabel("Topics covered").fill("Simultaneous equations by elimination");
    await reportSection.getByLabel("Homework set").fill("Exercise 5B, questions 1 to 8");
    const entry = reportSection.getByRole("group", { name: student.name });
    await entry.getByRole("radiogroup", { name: "Attendance" }).getByLabel("Late").check();
    await entry.getByLabel("Previous homework").selectOption("partly");
    await entry.getByRole("radiogroup", { name: "Understanding" }).getByLabel("4").check();
    await entry.getByRole("radiogroup", { name: "Engagement" }).getByLabel("5").check();
    // A score out of range keeps what was typed and says why it is refused; nothing is filed.
    const score = entry.getByLabel("Assessment score (%)");
    await score.fill("140");
    await score.press("Tab");
    await expect(score).toHaveValue("140");
    await expect(entry.getByText("Score must be from 0 to 100 %.")).toBeVisible();
    await reportSection.getByRole("button", { name: "File the report" }).click();
    await expect(score).toBeFocused();
    await expect(score).toHaveAttribute("aria-invalid", "true");
    const tutorApi = await clientOf(api, tutor);
    expect(((await (await tutorApi.get(`/api/tutor/sessions/${session!.id}/report`)).json()) as ReportView).report).toBeNull();
    await score.fill("78");
    await expect(entry.getByText("Score must be from 0 to 100 %.")).toHaveCount(0);
    await reportSection.getByLabel("Private notes").fill("Mentioned a tough week at school.");
    await expectAccessible(page);
    await screenshots(page, "reports-form");
    await reportSection.getByRole("button", { name: "File the report" }).click();
    await notified(page, "Report filed");
    await expect(page.getByText("Completed", { exact: true })).toBeVisible();
    await expect(reportSection).toContainText("Late · understanding 4/5 · engagement 5/5 · score 78%");

    // The drafted summary: edited, then shared with the family.
    const summaries = page.getByRole("region", { name: "Summaries for the families" });
    const summary = summaries.getByLabel(`Summary for ${student.name}'s family`);
    await expect(summary).toHaveValue(/arrived late to the Mathematics session/);
    await expect(summary).toHaveValue(/We worked on: Simultaneous equations by elimination\./);
    await expect(summary).not.toHaveValue(/tough week/);
    await summary.fill(`${await summary.inputValue()}\n\nA real step forward with elimination today.`);
    await summaries.getByRole("button", { name: "Share with the family" }).click();
    await expectAccessible(page);
    await summaries.getByRole("button", { name: "Share now" }).click();
    await notified(page, "Summary shared");
    await expect(summaries.getByText(/^Shared /)).toBeVisible();
    await expect(summaries.getByRole("textbox")).toHaveCount(0);
    await screenshots(page, "reports-shared");

    // Reports now lists only the overdue Physics session.
    await page.getByRole("navigation", { name: "Tutor navigation" }).getByRole("link", { name: "Reports" }).click();
    await expect(page.getByRole("region", { name: "Sessions to report" }).getByRole("row")).toHaveCount(2);

    // The parent's mail, then the parent area.
    const mail = await api.waitForMail(parent.email, `${student.name.split(" ")[0]}`);
    expect(mail.subject).toContain("Mathematics session: summary");
    expect(mail.text).toContain("A real step forward with elimination today.");
    expect(mail.text).not.toContain("tough week");
    const link = linkIn(mail.text, `/parent/sessions/${session!.id}`);

    await page.context().clearCookies();
    await signInThroughForm(page, parent);
    await expect(page).toHaveURL("/parent/dashboard");
    const latest = page.getByRole("region", { name: "Latest summaries" });
    await expect(latest).toContainText("A real step forward with elimination today.");
    await expectAccessible(page);
    await screenshots(page, "reports-parent-dashboard");
    await page.goto(`/parent/students/${student.id}`);
    await expect(page.getByRole("region", { name: "Session summaries" })).toContainText("A real step forward with elimination today.");
    await page.goto(new URL(link).pathname);
    const shared = page.getByRole("region", { name: "Summary" });
    await expect(shared).toContainText("arrived late to the Mathematics session");
    await expect(page.getByText("tough week")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Session report" })).toHaveCount(0);
    await expectAccessible(page);
    await screenshots(page, "reports-parent-session");

    // The other session is not theirs to report: a parent reaching a manager's page is refused by the area guard.
    await page.goto(`/tutor/sessions/${overdue!.id}`);
    await expect(page).not.toHaveURL(`/tutor/sessions/${overdue!.id}`);
  });

  test("@reports with review required, a tutor submits a summary, an admin approves it from the dashboard, the student reads it", async ({ page, api }) => {
    test.setTimeout(150_000);
    const { admin, tutor, tutorMemberId, student } = await calendarWorkspace(api);
    const pupil = await studentLogin(api, admin, student.id);
    const policy = await admin.client.put("/api/admin/session-policy", { data: { summaryRequiresReview: true } });
    expect(policy.status()).toBe(200);
    const yesterday = addDays(londonToday(), -1);
    const [session] = await scheduleAsAdmin(admin, {
      tutorMemberId,
      studentIds: [student.id],
      subject: "Chemistry",
      startsAt: `${yesterday}T15:00`,
      endsAt: `${yesterday}T16:00`,
    });
    // Never reported: after 48 hours the admin's dashboard lists it too.
    const fourDaysAgo = addDays(londonToday(), -4);
    await scheduleAsAdmin(admin, {
      tutorMemberId,
      studentIds: [student.id],
      subject: "Geography",
      startsAt: `${fourDaysAgo}T11:00`,
      endsAt: `${fourDaysAgo}T12:00`,
    });
    const filed = await (
      await clientOf(api, tutor)
    ).put(`/api/tutor/sessions/${session!.id}/report`, {
      data: {
        topics: "Balancing redox equations",
        homeworkSet: "Redox sheet",
        students: [{ studentId: student.id, attendance: "present", previousHomework: "completed", understanding: 3, engagement: 4 }],
      },
    });
    expect(filed.status()).toBe(200);

    await signInThroughForm(page, tutor);
    await expect(page).toHaveURL("/tutor/dashboard");
    await page.goto(`/tutor/sessions/${session!.id}`);
    const summaries = page.getByRole("region", { name: "Summaries for the families" });
    await expect(summaries).toContainText("An admin reviews each one before the family sees it.");
    await summaries.getByRole("button", { name: "Submit for review" }).click();
    await notified(page, "Summary submitted");
    await expect(summaries.getByText("Awaiting review")).toBeVisible();
    await expect(summaries.getByRole("button", { name: "Submit for review" })).toHaveCount(0);

    await page.context().clearCookies();
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    const missing = page.getByRole("region", { name: "Missing reports" });
    await expect(missing.getByRole("link", { name: "Geography" })).toBeVisible();
    await expect(missing.getByRole("link", { name: "Chemistry" })).toHaveCount(0);
    const queue = page.getByRole("region", { name: "Summaries awaiting review" });
    await expectAccessible(page);
    await screenshots(page, "reports-admin-dashboard");
    await queue.getByRole("link", { name: new RegExp(`^${student.name}: Chemistry with`) }).click();
    await expect(page).toHaveURL(`/admin/sessions/${session!.id}`);
    const review = page.getByRole("region", { name: "Summaries for the families" });
    await review.getByRole("button", { name: "Approve and share" }).click();
    await review.getByRole("button", { name: "Share now" }).click();
    await notified(page, "Summary shared");
    await expectAccessible(page);
    await page.goto("/admin/dashboard");
    await expect(page.getByRole("region", { name: "Summaries awaiting review" })).toContainText("No summary is waiting for your review.");

    await page.context().clearCookies();
    await signInThroughForm(page, pupil);
    await expect(page).toHaveURL("/student/dashboard");
    await expect(page.getByRole("region", { name: "Latest summaries" })).toContainText("We worked on: Balancing redox equations.");
    await page.getByRole("navigation", { name: "Student navigation" }).getByRole("link", { name: "Reports" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    await expect(page.getByRole("article")).toContainText("Homework for next time: Redox sheet.");
    await expectAccessible(page);
    await screenshots(page, "reports-student");
  });

  test("@reports a corrected report redrafts an untouched summary; an edited one keeps a warning naming the change until redrafted", async ({ page, api }) => {
    test.setTimeout(150_000);
    const { admin, tutor, tutorMemberId, student } = await calendarWorkspace(api);
    const second = await addStudent(admin, { name: uniqueName("Ria"), subjects: ["Mathematics"] });
    await assign(admin, tutorMemberId, second.id);
    const yesterday = addDays(londonToday(), -1);
    const [session] = await scheduleAsAdmin(admin, {
      tutorMemberId,
      studentIds: [student.id, second.id],
      subject: "Mathematics",
      startsAt: `${yesterday}T16:00`,
      endsAt: `${yesterday}T17:00`,
    });
    const tutorApi = await clientOf(api, tutor);
    const part = (studentId: string) => ({
      studentId,
      attendance: "present",
      previousHomework: "completed",
      understanding: 4,
      engagement: 4,
      scorePercent: 100,
    });
    const filed = await tutorApi.put(`/api/tutor/sessions/${session!.id}/report`, {
      data: { topics: "Vectors", homeworkSet: "", students: [part(student.id), part(second.id)] },
    });
    expect(filed.status()).toBe(200);
    // The tutor rewrote the first student's summary in their own words; the second's is the draft.
    const words = `${student.name.split(" ")[0]} scored 100% on today's vectors test: a superb result.`;
    expect((await tutorApi.put(`/api/tutor/sessions/${session!.id}/summaries/${student.id}`, { data: { body: words } })).status()).toBe(200);

    await signInThroughForm(page, tutor);
    await expect(page).toHaveURL("/tutor/dashboard");
    await page.goto(`/tutor/sessions/${session!.id}`);
    const reportSection = page.getByRole("region", { name: "Session report" });
    await reportSection.getByRole("button", { name: "Correct the report" }).click();
    await reportSection.getByRole("group", { name: student.name }).getByLabel("Assessment score (%)").fill("86");
    await reportSection.getByRole("group", { name: second.name }).getByLabel("Assessment score (%)").fill("64");
    await reportSection.getByRole("button", { name: "Save the corrections" }).click();
    await notified(page, "Report corrected");

    const summaries = page.getByRole("region", { name: "Summaries for the families" });
    // The untouched draft follows the corrected report at once.
    const secondSummary = summaries.getByRole("article", { name: second.name });
    await expect(secondSummary.getByRole("textbox")).toHaveValue(/scored 64%/);
    await expect(secondSummary.getByText("The report changed after this summary was written")).toHaveCount(0);
    // The edited one keeps its words and says what changed.
    const edited = summaries.getByRole("article", { name: student.name });
    const warning = edited.getByRole("status").filter({ hasText: "The report changed after this summary was written" });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText("Assessment score: 100% → 86%");
    await expect(edited.getByRole("textbox")).toHaveValue(words);
    await expectAccessible(page);

    // Sharing it asks for the choice: as it is, or not yet.
    await edited.getByRole("button", { name: "Share with the family" }).click();
    await expect(edited.getByText("Share it as it is?")).toBeVisible();
    await expect(edited.getByRole("button", { name: "Share as it is" })).toBeVisible();
    await expectAccessible(page);
    await edited.getByRole("button", { name: "Not yet" }).click();

    // The warning lasts; the pictures at desktop and phone widths, the page never wider than the screen.
    await page.reload();
    await expect(warning).toBeVisible();
    for (const width of [1440, 390, 320]) {
      await page.setViewportSize({ width, height: 900 });
      await warning.evaluate((element) => element.scrollIntoView({ block: "center" }));
      await expectNoSidewaysScroll(page, `The stale summary at ${width} px`);
      // Nothing of the warning is cut off by its card.
      const card = (await edited.boundingBox())!;
      for (const part of [warning, warning.getByRole("button", { name: "Redraft from the corrected report" })]) {
        const box = (await part.boundingBox())!;
        expect(box.x + box.width, `${width} px`).toBeLessThanOrEqual(card.x + card.width);
      }
      await screenshot(page, "reports-stale-summary");
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // One click redrafts it from the corrected report; the warning goes.
    await warning.getByRole("button", { name: "Redraft from the corrected report" }).click();
    await notified(page, "Summary redrafted");
    await expect(warning).toHaveCount(0);
    await expect(edited.getByRole("textbox")).toHaveValue(/scored 86%/);
    await edited.getByRole("button", { name: "Share with the family" }).click();
    await expect(edited.getByText("Share with the family?")).toBeVisible();
    await edited.getByRole("button", { name: "Share now" }).click();
    await notified(page, "Summary shared");
    const view = (await (await tutorApi.get(`/api/tutor/sessions/${session!.id}/report`)).json()) as ReportView;
    expect(view.summaries.find((item) => item.studentId === student.id)).toMatchObject({ status: "shared", reportChanges: [] });
    expect(view.summaries.find((item) => item.studentId === student.id)!.body).toContain("scored 86%");
  });
});
