/**
 * A family's week (parent and student areas) is found from the students' side: session_student
 * keeps a copy of each session's start (migration 0039) for the index that serves it. The copy
 * must follow the session when it moves and be right for students added later, or the week
 * would miss sessions or show ones that left it.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { createSession } from "../../../../tests/people-factories.ts";
import { createSessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { Session } from "../../../shared/schemas/sessions.ts";
import { sessionStudent, tutoringSession } from "../../db/schema.ts";

let t: TestApp;
let admin: AdminFixture;
let tina: MemberFixture;
let parent: MemberFixture;
let otherParent: MemberFixture;
let pupil: MemberFixture;
let maya: string;
let noah: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, tina, parent, otherParent, pupil, maya, noah } = await createSessionCast(t));
}, 90_000);
afterAll(() => t?.close());

const FIRST_WEEK = "from=2027-05-03&to=2027-05-10&timeZone=UTC";
const SECOND_WEEK = "from=2027-05-10&to=2027-05-17&timeZone=UTC";

async function weekOf(viewer: MemberFixture, area: "parent" | "student", week: string): Promise<string[]> {
  const res = await viewer.client.get<{ items: Session[]; total: number }>(`/api/${area}/sessions?${week}`);
  expect(res.status).toBe(200);
  expect(res.body.total).toBe(res.body.items.length);
  return res.body.items.map((item) => item.id);
}

/** Every session_student row's start against its session's, for the workspace. */
async function startsOutOfStep(): Promise<number> {
  const rows = await t.db
    .select({ copied: sessionStudent.startsAt, real: tutoringSession.startsAt })
    .from(sessionStudent)
    .innerJoin(tutoringSession, eq(tutoringSession.id, sessionStudent.sessionId))
    .where(eq(sessionStudent.organizationId, admin.organizationId));
  expect(rows.length).toBeGreaterThan(0);
  return rows.filter((row) => row.copied.getTime() !== row.real.getTime()).length;
}

describe("a family's week of sessions", () => {
  it("follows a session that moves to another week, for the parent and the student", async () => {
    const { items } = await createSession(admin.client, {
      tutorMemberId: tina.memberId,
      studentIds: [maya],
      startsAt: "2027-05-04T16:00",
      endsAt: "2027-05-04T17:00",
    });
    const sessionId = items[0]!.id;
    expect(await weekOf(parent, "parent", FIRST_WEEK)).toEqual([sessionId]);
    expect(await weekOf(pupil, "student", FIRST_WEEK)).toEqual([sessionId]);
    expect(await weekOf(parent, "parent", SECOND_WEEK)).toEqual([]);

    const moved = await admin.client.patch(`/api/admin/sessions/${sessionId}`, {
      startsAt: "2027-05-12T16:00",
      endsAt: "2027-05-12T17:00",
      confirmOutsideAvailability: true,
    });
    expect(moved.status).toBe(200);

    expect(await weekOf(parent, "parent", FIRST_WEEK)).toEqual([]);
    expect(await weekOf(pupil, "student", FIRST_WEEK)).toEqual([]);
    expect(await weekOf(parent, "parent", SECOND_WEEK)).toEqual([sessionId]);
    expect(await weekOf(pupil, "student", SECOND_WEEK)).toEqual([sessionId]);
    expect(await startsOutOfStep()).toBe(0);
  });

  it("shows a session to the family of a student added to it later, and not to the one removed", async () => {
    const { items } = await createSession(admin.client, {
      tutorMemberId: tina.memberId,
      studentIds: [maya],
      startsAt: "2027-05-05T10:00",
      endsAt: "2027-05-05T11:00",
    });
    const sessionId = items[0]!.id;
    expect(await weekOf(otherParent, "parent", FIRST_WEEK)).toEqual([]);

    const changed = await admin.client.patch(`/api/admin/sessions/${sessionId}`, { studentIds: [noah], confirmOutsideAvailability: true });
    expect(changed.status).toBe(200);

    expect(await weekOf(otherParent, "parent", FIRST_WEEK)).toEqual([sessionId]);
    expect(await weekOf(parent, "parent", FIRST_WEEK)).not.toContain(sessionId);
    expect(await startsOutOfStep()).toBe(0);
  });
});
