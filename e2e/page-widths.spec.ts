import type { Page } from "@playwright/test";
import type { MemberRole } from "../src/shared/roles.ts";
import { AREA_ROUTES } from "../src/shared/route-table.ts";
import type { Account } from "./support/api.ts";
import { addDays, calendarWorkspace, londonToday, scheduleAsAdmin, studentLogin } from "./support/calendar.ts";
import { linkGuardian, memberIdOf } from "./support/family.ts";
import { expect, signInThroughForm, test } from "./support/fixtures.ts";
import { sideways, WIDTHS } from "./support/widths.ts";

/**
 * No signed-in page scrolls sideways, from a 320 px phone to a 1,440 px desktop: every page of
 * each area (dashboards, calendars, lists, a record, a session, settings) with real content in
 * it: tables of sessions to report, a past and a coming session, a pending joiner. The viewer
 * is in New York and the workspace in London, so the time-zone choice shows too.
 */
test.use({ timezoneId: "America/New_York" });

interface Place {
  account: Account;
  ids: Record<string, string>;
}

async function workspaceWithEverything(api: Parameters<typeof calendarWorkspace>[0], role: MemberRole): Promise<Place> {
  const { admin, tutor, tutorMemberId, student } = await calendarWorkspace(api);
  const lastWeek = addDays(londonToday(), -5);
  const soon = addDays(londonToday(), 2);
  const [past] = await scheduleAsAdmin(admin, {
    tutorMemberId,
    studentIds: [student.id],
    subject: "Mathematics",
    startsAt: `${lastWeek}T16:30`,
    endsAt: `${lastWeek}T17:30`,
    location: "The library, second floor, room with the long name",
  });
  await scheduleAsAdmin(admin, {
    tutorMemberId,
    studentIds: [student.id],
    subject: "Further mathematics and statistics",
    startsAt: `${soon}T10:00`,
    endsAt: `${soon}T11:00`,
  });
  // A lead the tutor owns, so that both the admin's and the tutor's lead pages have one.
  const lead = await admin.client.post("/api/admin/crm/leads", {
    data: {
      guardianName: "Philippa Longname-Worthington",
      studentName: "Maximilian Longname-Worthington",
      email: "philippa.longname-worthington@example.com",
      subjects: ["Further mathematics and statistics", "Physics"],
      source: "campaign",
      utm: { source: "newsletter", campaign: "autumn-open-day-with-a-long-name" },
      consentBasis: "consent",
      ownerMemberId: tutorMemberId,
    },
  });
  expect(lead.status(), await lead.text()).toBe(201);
  const ids = { studentId: student.id, memberId: tutorMemberId, sessionId: past!.id, leadId: ((await lead.json()) as { id: string }).id };
  if (role === "admin") {
    await api.createPendingJoiner(admin.joinCode, {});
    return { account: admin, ids };
  }
  if (role === "tutor") return { account: tutor, ids };
  if (role === "parent") {
    const parent = await api.createMember("parent", { admin });
    await linkGuardian(admin, student.id, await memberIdOf(admin, parent.email));
    return { account: parent, ids };
  }
  return { account: await studentLogin(api, admin, student.id), ids };
}

/** Every page of the area, its parameters filled. */
const pagesOf = (role: MemberRole, ids: Record<string, string>) =>
  AREA_ROUTES.filter((route) => route.layout === role).map((route) => route.path.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? name));

/** After a resize: FullCalendar lays out again 50 ms after the window's resize event. */
async function resized(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(resolve)), 120)));
}

async function settle(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("status", { name: /^Loading/ })).toHaveCount(0);
}

for (const role of ["admin", "tutor", "parent", "student"] as const) {
  test(`@widths no ${role} page scrolls sideways at any width from 320 to 1,440 px`, async ({ page, api }) => {
    test.setTimeout(600_000);
    const { account, ids } = await workspaceWithEverything(api, role);
    await signInThroughForm(page, account);
    await expect(page).toHaveURL(`/${role}/dashboard`, { timeout: 30_000 });
    const check = async (path: string, width: number) => {
      const { overflow, culprits } = await sideways(page);
      // Soft: every page and width is reported, not only the first that fails.
      expect.soft(overflow, `${path} at ${width} px scrolls sideways, pushed by ${culprits.join("; ")}`).toBe(0);
    };
    for (const path of pagesOf(role, ids)) {
      // Opened wide, then narrowed through every width down to a tablet's (a page opened at
      // those widths lays out the same, the calendar in its week view); opened again on a phone.
      await page.setViewportSize({ width: WIDTHS.at(-1)!, height: 800 });
      await page.goto(path);
      await settle(page);
      for (const width of [...WIDTHS].reverse().filter((width) => width > 320)) {
        await page.setViewportSize({ width, height: 800 });
        await resized(page);
        await check(path, width);
      }
      await page.setViewportSize({ width: 320, height: 800 });
      await page.goto(path);
      await settle(page);
      await check(path, 320);
    }
  });
}
