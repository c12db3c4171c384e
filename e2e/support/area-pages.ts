/**
 * Every page of each signed-in area (dashboards, calendars, lists, a record, a session,
 * settings) with real content in it, for the specs that walk them all: no sideways scrolling
 * at any width (page-widths.spec.ts), axe in both colour schemes (colour-schemes.spec.ts).
 */
import type { Page } from "@playwright/test";
import type { MemberRole } from "../../src/shared/roles.ts";
import { AREA_ROUTES } from "../../src/shared/route-table.ts";
import type { Account } from "./api.ts";
import { addDays, calendarWorkspace, londonToday, scheduleAsAdmin, studentLogin } from "./calendar.ts";
import { linkGuardian, memberIdOf } from "./family.ts";
import { expect } from "./fixtures.ts";

/** An area's account, and the ids that fill its record pages' paths. */
export interface Place {
  account: Account;
  ids: Record<string, string>;
}

/**
 * A London workspace with real content in every area: a tutor and an assigned student, a past
 * session (to report) and a coming one, a lead the tutor owns; for the admin a pending joiner,
 * for a parent the student as their child. The account of `role` in it.
 */
export async function workspaceWithEverything(api: Parameters<typeof calendarWorkspace>[0], role: MemberRole): Promise<Place> {
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
export const pagesOf = (role: MemberRole, ids: Record<string, string>) =>
  AREA_ROUTES.filter((route) => route.layout === role).map((route) => route.path.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? name));

/** The page's heading is shown and nothing is loading any more. */
export async function settle(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("status", { name: /^Loading/ })).toHaveCount(0);
}
