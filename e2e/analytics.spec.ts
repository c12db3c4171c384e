import { readFile } from "node:fs/promises";
import { addDays, calendarWorkspace, londonToday, scheduleAsAdmin } from "./support/calendar.ts";
import { clientOf, linkGuardian, memberIdOf } from "./support/family.ts";
import { expect, expectAccessible, signInThroughForm, test } from "./support/fixtures.ts";
import { checkWidths } from "./support/screens.ts";

/** The first and last days of the month before `today` (YYYY-MM-DD). */
function lastMonthOf(today: string): { from: string; to: string } {
  const firstOfThisMonth = `${today.slice(0, 8)}01`;
  const to = addDays(firstOfThisMonth, -1);
  return { from: `${to.slice(0, 8)}01`, to };
}

test.describe("@analytics reports and analytics", () => {
  test("@analytics an admin reads hours by tutor for last month, as a chart and a table, exports it and opens the session behind it", async ({ page, api }) => {
    test.setTimeout(120_000);
    // A London workspace whose tutor taught an hour and a half, reported, on the 5th of last month.
    const { admin, tutor, tutorMemberId, student } = await calendarWorkspace(api);
    const lastMonth = lastMonthOf(londonToday());
    const day = addDays(lastMonth.from, 4);
    const [taught] = await scheduleAsAdmin(admin, {
      tutorMemberId,
      studentIds: [student.id],
      subject: "Mathematics",
      startsAt: `${day}T16:00`,
      endsAt: `${day}T17:30`,
    });
    const tutorApi = await clientOf(api, tutor);
    const filed = await tutorApi.put(`/api/tutor/sessions/${taught!.id}/report`, {
      data: {
        topics: "Fractions",
        homeworkSet: "",
        students: [{ studentId: student.id, attendance: "present", previousHomework: "completed", understanding: 4, engagement: 4, scorePercent: 90 }],
      },
    });
    expect(filed.status()).toBe(200);

    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Reports and analytics" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Reports and analytics" })).toBeVisible();

    // This month (the default): nothing taught yet, said plainly.
    const card = page.getByRole("region", { name: "Hours delivered by tutor" });
    await expect(card.getByText(/^No data for /)).toBeVisible();
    await expect(card.getByText("0 h", { exact: true })).toBeVisible();

    // Last month: the hour and a half, kept in the URL.
    await page.getByLabel("Date range").click();
    await page.getByRole("option", { name: "Last month" }).click();
    await expect(page).toHaveURL(/[?&]range=last-month/);
    // (the first: the chart's axis may show the same number)
    await expect(card.getByText("1.5 h", { exact: true }).first()).toBeVisible();
    await expect(card.getByRole("img", { name: /^Bar chart of Hours delivered by tutor/ })).toBeVisible();

    // The chart's numbers as a table.
    await card.getByText("Table", { exact: true }).click();
    const table = card.getByRole("table", { name: /^Hours delivered by tutor, / });
    await expect(table.getByRole("row").filter({ hasText: tutor.name })).toContainText("1.5");
    await expectAccessible(page);

    // The CSV holds the same numbers.
    const downloading = page.waitForEvent("download");
    await card.getByRole("button", { name: 'Export "Hours delivered by tutor" as CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`glassroom-hours-by-tutor-${lastMonth.from}-to-${lastMonth.to}.csv`);
    const csv = await readFile((await download.path())!, "utf8");
    expect(csv).toBe(`\uFEFFTutor,Hours delivered (hours),Previous period (hours)\r\n${tutor.name},1.5,\r\n`);

    // The rows behind the figure: the session, which opens its page.
    await card.getByRole("button", { name: 'Show the rows behind "Hours delivered by tutor"' }).click();
    const rows = page.getByRole("dialog", { name: 'The rows behind "Hours delivered by tutor"' });
    const row = rows.getByRole("row").filter({ hasText: tutor.name });
    await expect(row).toContainText("Mathematics");
    await expect(row).toContainText("1.5 h");
    await expectAccessible(page);
    await row.getByRole("link").click();
    await expect(page).toHaveURL(`/admin/sessions/${taught!.id}`);

    // Back to the figures of last month; no sideways scrolling on a phone.
    await page.goBack();
    await expect(page).toHaveURL(/[?&]range=last-month/);
    await expect(card.getByText("1.5 h", { exact: true }).first()).toBeVisible();
    await checkWidths(page, "admin-reports");
  });

  test("@analytics a parent reads their child's progress for last month: attendance, understanding, as a table too", async ({ page, api }) => {
    test.setTimeout(120_000);
    // Two sessions of the child last month, reported: present and understanding 4, then absent.
    const { admin, tutor, tutorMemberId, student } = await calendarWorkspace(api);
    const lastMonth = lastMonthOf(londonToday());
    const sessions = [];
    for (const day of [addDays(lastMonth.from, 3), addDays(lastMonth.from, 10)]) {
      const [session] = await scheduleAsAdmin(admin, {
        tutorMemberId,
        studentIds: [student.id],
        subject: "Mathematics",
        startsAt: `${day}T16:00`,
        endsAt: `${day}T17:00`,
      });
      sessions.push(session!);
    }
    const tutorApi = await clientOf(api, tutor);
    const marks = [
      { studentId: student.id, attendance: "present", previousHomework: "completed", understanding: 4, engagement: 5, scorePercent: 80 },
      { studentId: student.id, attendance: "absent", previousHomework: "not_done" },
    ];
    for (const [index, session] of sessions.entries()) {
      const filed = await tutorApi.put(`/api/tutor/sessions/${session.id}/report`, { data: { topics: "Ratios", homeworkSet: "", students: [marks[index]] } });
      expect(filed.status(), await filed.text()).toBe(200);
    }
    const parent = await api.createMember("parent", { admin });
    await linkGuardian(admin, student.id, await memberIdOf(admin, parent.email));

    await signInThroughForm(page, parent);
    await expect(page).toHaveURL("/parent/dashboard");
    await page.goto(`/parent/students/${student.id}`);
    const progress = page.getByRole("region", { name: "Progress" });
    await expect(progress).toBeVisible();
    await progress.getByLabel("Date range").click();
    await page.getByRole("option", { name: "Last month" }).click();

    // One of two places attended; the one attended understood at 4 of 5.
    const attendance = progress.getByRole("region", { name: "Attendance" });
    await expect(attendance.getByText("50%", { exact: true }).first()).toBeVisible();
    const understanding = progress.getByRole("region", { name: "Understanding" });
    await expect(understanding.getByText("4.0", { exact: true }).first()).toBeVisible();
    await attendance.getByText("Table", { exact: true }).click();
    await expect(attendance.getByRole("table", { name: /^Attendance, / })).toBeVisible();
    await expectAccessible(page);
    await checkWidths(page, "parent-progress");
  });
});
