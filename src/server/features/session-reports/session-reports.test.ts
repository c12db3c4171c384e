import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries, countRows, mailsTo } from "../../../../tests/db.ts";
import { type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { assignTutor, createSession } from "../../../../tests/people-factories.ts";
import { createSessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { DueReportPage, FamilySummaryPage, ReportView, ReviewPage, Summary } from "../../../shared/schemas/session-reports.ts";
import { tutoringSession } from "../../db/schema.ts";

let t: TestApp;
let admin: AdminFixture;
let tina: MemberFixture;
let theo: MemberFixture;
let parent: MemberFixture;
let otherParent: MemberFixture;
let pupil: MemberFixture;
let otherAdmin: AdminFixture;
let maya: string;
let noah: string;

/** A local date-time (YYYY-MM-DDTHH:MM, UTC) `hours` from now, on the minute. */
const inHours = (hours: number) => new Date(Math.floor((Date.now() + hours * 3_600_000) / 60_000) * 60_000).toISOString().slice(0, 16);

let sessionsMade = 0;
/** A one-hour session that started about `hoursAgo` hours ago (each a little earlier, so none clash). */
async function pastSession(studentIds: string[], hoursAgo = 3, tutor = tina): Promise<string> {
  const start = -hoursAgo - (sessionsMade++ * 62) / 60;
  const batch = await createSession(admin.client, {
    tutorMemberId: tutor.memberId,
    studentIds,
    startsAt: inHours(start),
    endsAt: inHours(start + 1),
    timeZone: "UTC",
  });
  return batch.items[0]!.id;
}

const entry = (studentId: string, overrides: Record<string, unknown> = {}) => ({
  studentId,
  attendance: "present",
  previousHomework: "completed",
  understanding: 4,
  engagement: 5,
  scorePercent: 82,
  ...overrides,
});
const report = (students: unknown[], overrides: Record<string, unknown> = {}) => ({
  topics: "Quadratic equations by factorising",
  homeworkSet: "Worksheet 4, questions 1-10",
  privateNotes: "Seemed tired; check in with mum.",
  students,
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, tina, theo, parent, otherParent, pupil, otherAdmin, maya, noah } = await createSessionCast(t, { assignedFrom: "2020-01-01" }));
}, 90_000);
afterAll(() => t?.close());

describe("filing a report", () => {
  it("records each student's part, completes the session, drafts one summary per student and audits each record", async () => {
    const sessionId = await pastSession([maya, noah]);
    const before = await tina.client.get<ReportView>(`/api/tutor/sessions/${sessionId}/report`);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ report: null, summaries: [], summaryRequiresReview: false });

    const res = await tina.client.put<ReportView>(
      `/api/tutor/sessions/${sessionId}/report`,
      report([entry(maya), entry(noah, { attendance: "absent", understanding: null, engagement: null, scorePercent: null, previousHomework: "none_set" })]),
    );
    expect(res.status).toBe(200);
    expect(res.body.report).toMatchObject({
      topics: "Quadratic equations by factorising",
      privateNotes: "Seemed tired; check in with mum.",
      filedBy: "Tina Tutor",
    });
    expect(res.body.report!.students.map((item) => [item.name, item.attendance])).toEqual([
      ["Maya Lopez", "present"],
      ["Noah Kim", "absent"],
    ]);
    const [mayaSummary, noahSummary] = res.body.summaries;
    expect(mayaSummary).toMatchObject({ studentName: "Maya Lopez", status: "draft", sharedAt: null });
    expect(mayaSummary!.body).toContain("Maya attended the Mathematics session with Tina Tutor");
    expect(mayaSummary!.body).toContain("We worked on: Quadratic equations by factorising.");
    expect(mayaSummary!.body).toContain("understood the material well (understanding 4/5)");
    expect(mayaSummary!.body).toContain("scored 82%");
    expect(mayaSummary!.body).toContain("Homework for next time: Worksheet 4, questions 1-10.");
    expect(mayaSummary!.body).not.toContain("tired");
    expect(noahSummary!.body).toContain("Noah was absent from the Mathematics session");
    expect(noahSummary!.body).not.toContain("%");

    const [row] = await t.db.select({ status: tutoringSession.status }).from(tutoringSession).where(eq(tutoringSession.id, sessionId));
    expect(row!.status).toBe("completed");
    const audits = await auditEntries(t.db, { action: "SESSION_REPORT_FILED", organizationId: admin.organizationId });
    expect(
      audits
        .filter((item) => (item.metadata as { sessionId: string }).sessionId === sessionId)
        .map((item) => item.studentId)
        .sort(),
    ).toEqual([maya, noah].sort());
  });

  it("refuses a score outside 0–100 % or with decimals, naming the student's score field, and saves nothing", async () => {
    const sessionId = await pastSession([maya]);
    const before = await countRows(t.db);
    for (const [score, message] of [
      [140, "Score must be from 0 to 100 %."],
      [-1, "Score must be from 0 to 100 %."],
      [12.5, "Score must be a whole number of percent."],
    ] as const) {
      const res = await tina.client.put(`/api/tutor/sessions/${sessionId}/report`, report([entry(maya, { scorePercent: score })]));
      expect(res.status, String(score)).toBe(422);
      expect(res.body.error.issues, String(score)).toContainEqual({ path: ["students", 0, "scorePercent"], message });
    }
    expect(await countRows(t.db)).toEqual(before);
  });

  it("requires the previous homework to be given, naming the field, and still names the other problems", async () => {
    const sessionId = await pastSession([maya]);
    const { previousHomework: _left, ...withoutHomework } = entry(maya, { understanding: null });
    const res = await tina.client.put(`/api/tutor/sessions/${sessionId}/report`, report([withoutHomework], { topics: "" }));
    expect(res.status).toBe(422);
    expect(res.body.error.issues).toEqual(
      expect.arrayContaining([
        { path: ["students", 0, "previousHomework"], message: "Say how the previous homework went." },
        { path: ["students", 0, "understanding"], message: "Rate understanding from 1 to 5." },
        { path: ["topics"], message: "Topics covered is required." },
      ]),
    );
  });

  it("takes an absent student's ratings left out as not rated, and asks a present student's, one problem per field", async () => {
    const sessionId = await pastSession([maya, noah]);
    const { understanding: _u, engagement: _e, scorePercent: _s, ...absentNoRatings } = entry(noah, { attendance: "absent" });
    const { understanding: _u2, ...presentNoUnderstanding } = entry(maya);
    const refused = await tina.client.put(`/api/tutor/sessions/${sessionId}/report`, report([presentNoUnderstanding, absentNoRatings]));
    expect(refused.status).toBe(422);
    expect(refused.body.error.issues).toEqual([{ path: ["students", 0, "understanding"], message: "Rate understanding from 1 to 5." }]);
    const filed = await tina.client.put(`/api/tutor/sessions/${sessionId}/report`, report([entry(maya), absentNoRatings]));
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
  });

  it("corrects a report without overwriting the tutor's summary wording, and offers a fresh draft", async () => {
    const sessionId = await pastSession([maya]);
    await tina.client.put(`/api/tutor/sessions/${sessionId}/report`, report([entry(maya)]));
    const edited = await tina.client.put<Summary>(`/api/tutor/sessions/${sessionId}/summaries/${maya}`, { body: "Maya did brilliantly today." });
    expect(edited.status).toBe(200);
    const corrected = await tina.client.put<ReportView>(`/api/tutor/sessions/${sessionId}/report`, report([entry(maya, { scorePercent: 91 })]));
    expect(corrected.status).toBe(200);
    expect(corrected.body.summaries[0]!.body).toBe("Maya did brilliantly today.");
    expect(corrected.body.summaries[0]!.draft).toContain("scored 91%");
    expect(await auditEntries(t.db, { action: "SESSION_REPORT_UPDATED", organizationId: admin.organizationId })).not.toHaveLength(0);
  });

  it("marks a session where every student was absent as a no-show (topics may stay empty)", async () => {
    const sessionId = await pastSession([maya]);
    const res = await tina.client.put(
      `/api/tutor/sessions/${sessionId}/report`,
      report([entry(maya, { attendance: "absent", understanding: null, engagement: null, scorePercent: null })], { topics: "" }),
    );
    expect(res.status).toBe(200);
    const [row] = await t.db.select({ status: tutoringSession.status }).from(tutoringSession).where(eq(tutoringSession.id, sessionId));
    expect(row!.status).toBe("no_show");
  });

  it("keeps a reported session's time and students: moving it is refused, its notes may change", async () => {
    const sessionId = await pastSession([maya]);
    await tina.client.put(`/api/tutor/sessions/${sessionId}/report`, report([entry(maya)]));
    const moved = await tina.client.patch(`/api/tutor/sessions/${sessionId}`, {
      startsAt: inHours(-200),
      endsAt: inHours(-199),
      timeZone: "UTC",
      confirmOutsideAvailability: true,
    });
    expect(moved.status).toBe(409);
    expect(moved.body.error.message).toBe("This session is completed and has a report: its time and students can no longer change.");
    expect((await tina.client.patch(`/api/tutor/sessions/${sessionId}`, { studentIds: [maya, noah] })).status).toBe(409);
    const noted = await tina.client.patch(`/api/tutor/sessions/${sessionId}`, { notes: "Great session." });
    expect(noted.status).toBe(200);
    // Completing is filing a report: the status is not a field of a change.
    const status = await tina.client.patch(`/api/tutor/sessions/${sessionId}`, { status: "scheduled" });
    expect(status.status).toBe(422);
  });

  it("refuses bad reports, naming the problem, and writes nothing", async () => {
    const sessionId = await pastSession([maya, noah]);
    const future = (
      await createSession(admin.client, { tutorMemberId: tina.memberId, studentIds: [maya], startsAt: inHours(30), endsAt: inHours(31), timeZone: "UTC" })
    ).items[0]!.id;
    const cancelled = await pastSession([maya], 30);
    await t.db.update(tutoringSession).set({ status: "cancelled" }).where(eq(tutoringSession.id, cancelled));
    const before = await countRows(t.db);
    const cases: [string, unknown, number, string][] = [
      [sessionId, report([entry(maya)]), 422, "Noah Kim is missing"],
      [sessionId, report([entry(maya), entry(noah), entry(maya)]), 422, "Each student is reported once."],
      [sessionId, report([entry(maya), entry(noah, { understanding: 6 })]), 422, "Understanding must be from 1 to 5."],
      [sessionId, report([entry(maya), entry(noah, { understanding: null })]), 422, "Rate understanding from 1 to 5."],
      [sessionId, report([entry(maya), entry(noah, { attendance: "absent", understanding: null, engagement: null })]), 422, "An absent student has no score."],
      [sessionId, report([entry(maya), entry(noah, { scorePercent: 101 })]), 422, "Score must be from 0 to 100 %."],
      [sessionId, report([entry(maya), entry(noah)], { topics: "  " }), 422, "Topics covered is required."],
      [sessionId, report([entry(maya), entry("6f1c1f5e-1111-4111-8111-111111111111")]), 422, "This student is not in this session."],
      [future, report([entry(maya)]), 409, "has not started yet"],
    ];
    for (const [id, body, status, message] of cases) {
      const res = await tina.client.put(`/api/tutor/sessions/${id}/report`, body);
      expect(res.status, message).toBe(status);
      expect(JSON.stringify(res.body), message).toContain(message);
    }
    const refused = await tina.client.put(`/api/tutor/sessions/${cancelled}/report`, report([entry(maya)]));
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain("cancelled");
    expect(await countRows(t.db)).toEqual(before);
  });
});

describe("a summary after its report is corrected", () => {
  it("redrafts an unedited summary from the corrected report", async () => {
    const sessionId = await pastSession([maya]);
    const filed = await tina.client.put<ReportView>(`/api/tutor/sessions/${sessionId}/report`, report([entry(maya, { scorePercent: 100 })]));
    expect(filed.body.summaries[0]).toMatchObject({ edited: false, reportChanges: [] });
    expect(filed.body.summaries[0]!.body).toContain("scored 100%");
    const corrected = await tina.client.put<ReportView>(`/api/tutor/sessions/${sessionId}/report`, report([entry(maya, { scorePercent: 86 })]));
    expect(corrected.status).toBe(200);
    const [summary] = corrected.body.summaries;
    expect(summary!.body).toContain("scored 86%");
    expect(summary!.body).not.toContain("100%");
    expect(summary).toMatchObject({ edited: false, reportChanges: [] });
    const shared = await tina.client.post<Summary>(`/api/tutor/sessions/${sessionId}/summaries/${maya}/share`);
    expect(shared.status).toBe(200);
    const mail = (await mailsTo(t.db, parent.user.email)).at(-1)!;
    expect(mail.body).toContain("scored 86%");
  });

  it("keeps an edited summary's words and names the facts that changed; sharing it is refused until redrafted", async () => {
    const sessionId = await pastSession([maya]);
    await tina.client.put(`/api/tutor/sessions/${sessionId}/report`, report([entry(maya, { scorePercent: 100 })]));
    const draft = (await tina.client.get<ReportView>(`/api/tutor/sessions/${sessionId}/report`)).body.summaries[0]!.body;
    const words = `${draft}\n\nA superb effort: full marks!`;
    const edited = await tina.client.put<Summary>(`/api/tutor/sessions/${sessionId}/summaries/${maya}`, { body: words });
    expect(edited.body).toMatchObject({ edited: true, reportChanges: [] });

    const corrected = await tina.client.put<ReportView>(
      `/api/tutor/sessions/${sessionId}/report`,
      report([entry(maya, { scorePercent: 86, attendance: "late" })]),
    );
    const [summary] = corrected.body.summaries;
    expect(summary!.body).toBe(words);
    expect(summary!.reportChanges).toEqual([
      { field: "attendance", label: "Attendance", before: "Present", after: "Late" },
      { field: "scorePercent", label: "Assessment score", before: "100%", after: "86%" },
    ]);
    // The warning lasts: reading again, or editing the words again, does not clear it.
    await tina.client.put(`/api/tutor/sessions/${sessionId}/summaries/${maya}`, { body: `${words} Well done.` });
    const reread = await tina.client.get<ReportView>(`/api/tutor/sessions/${sessionId}/report`);
    expect(reread.body.summaries[0]!.reportChanges.map((change) => change.field)).toEqual(["attendance", "scorePercent"]);

    const mailsBefore = (await mailsTo(t.db, parent.user.email)).length;
    const refused = await tina.client.post(`/api/tutor/sessions/${sessionId}/summaries/${maya}/share`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      "The report changed after this summary was written (Attendance: Present → Late; Assessment score: 100% → 86%). Redraft it from the report, or share it as it is.",
    );
    expect((await tina.client.post(`/api/tutor/sessions/${sessionId}/summaries/${maya}/share`, { acknowledgeReportChange: false })).status).toBe(409);
    expect((await tina.client.post(`/api/tutor/sessions/${sessionId}/summaries/${maya}/share`, { acknowledgeReportChange: "yes" })).status).toBe(422);
    expect((await admin.client.post(`/api/admin/sessions/${sessionId}/summaries/${maya}/share`)).status).toBe(409);
    expect((await mailsTo(t.db, parent.user.email)).length).toBe(mailsBefore);

    const redrafted = await tina.client.post<Summary>(`/api/tutor/sessions/${sessionId}/summaries/${maya}/redraft`);
    expect(redrafted.status).toBe(200);
    expect(redrafted.body).toMatchObject({ edited: false, reportChanges: [] });
    expect(redrafted.body.body).toContain("arrived late to");
    expect(redrafted.body.body).toContain("scored 86%");
    expect(redrafted.body.body).toBe(redrafted.body.draft);
    expect(
      (await auditEntries(t.db, { action: "SESSION_SUMMARY_REDRAFTED", organizationId: admin.organizationId })).some(
        (item) => (item.metadata as { sessionId: string }).sessionId === sessionId,
      ),
    ).toBe(true);
    const shared = await tina.client.post<Summary>(`/api/tutor/sessions/${sessionId}/summaries/${maya}/share`);
    expect(shared.status).toBe(200);
    expect((await mailsTo(t.db, parent.user.email)).at(-1)!.body).toContain("scored 86%");
  });

  it("shares a stale edited summary as it is only when the request says so, and never changes a shared one", async () => {
    const sessionId = await pastSession([maya]);
    await tina.client.put(`/api/tutor/sessions/${sessionId}/report`, report([entry(maya, { scorePercent: 70 })]));
    await tina.client.put(`/api/tutor/sessions/${sessionId}/summaries/${maya}`, { body: "Maya scored 70% and did well." });
    await tina.client.put(`/api/tutor/sessions/${sessionId}/report`, report([entry(maya, { scorePercent: 75 })]));
    const shared = await tina.client.post<Summary>(`/api/tutor/sessions/${sessionId}/summaries/${maya}/share`, { acknowledgeReportChange: true });
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ status: "shared", body: "Maya scored 70% and did well.", reportChanges: [] });
    const audit = (await auditEntries(t.db, { action: "SESSION_SUMMARY_SHARED", organizationId: admin.organizationId })).find(
      (item) => (item.metadata as { sessionId: string }).sessionId === sessionId,
    );
    expect(audit!.metadata).toMatchObject({ sharedAsItIs: ["scorePercent"] });

    // A later correction leaves the shared words as the family has them.
    const corrected = await tina.client.put<ReportView>(`/api/tutor/sessions/${sessionId}/report`, report([entry(maya, { scorePercent: 80 })]));
    expect(corrected.body.summaries[0]).toMatchObject({ status: "shared", body: "Maya scored 70% and did well.", reportChanges: [] });
    expect((await tina.client.post(`/api/tutor/sessions/${sessionId}/summaries/${maya}/redraft`)).status).toBe(409);
  });

  it("redrafts only the session's own tutor's and admins' summaries", async () => {
    const sessionId = await pastSession([maya]);
    await tina.client.put(`/api/tutor/sessions/${sessionId}/report`, report([entry(maya)]));
    expect((await theo.client.post(`/api/tutor/sessions/${sessionId}/summaries/${maya}/redraft`)).status).toBe(404);
    expect((await otherAdmin.client.post(`/api/admin/sessions/${sessionId}/summaries/${maya}/redraft`)).status).toBe(404);
    expect((await parent.client.post(`/api/tutor/sessions/${sessionId}/summaries/${maya}/redraft`)).status).toBe(403);
    expect((await admin.client.post(`/api/admin/sessions/${sessionId}/summaries/${maya}/redraft`)).status).toBe(200);
  });
});

describe("who may report", () => {
  it("hides a session from a tutor who does not teach it, another workspace, parents and students (404 or 403)", async () => {
    const sessionId = await pastSession([maya]);
    const body = report([entry(maya)]);
    expect((await theo.client.get(`/api/tutor/sessions/${sessionId}/report`)).status).toBe(404);
    expect((await theo.client.put(`/api/tutor/sessions/${sessionId}/report`, body)).status).toBe(404);
    expect((await otherAdmin.client.get(`/api/admin/sessions/${sessionId}/report`)).status).toBe(404);
    expect((await otherAdmin.client.put(`/api/admin/sessions/${sessionId}/report`, body)).status).toBe(404);
    expect((await parent.client.put(`/api/tutor/sessions/${sessionId}/report`, body)).status).toBe(403);
    expect((await pupil.client.get(`/api/admin/sessions/${sessionId}/report`)).status).toBe(403);
    // An admin of the workspace may file it.
    expect((await admin.client.put(`/api/admin/sessions/${sessionId}/report`, body)).status).toBe(200);
    expect((await theo.client.put(`/api/tutor/sessions/${sessionId}/summaries/${maya}`, { body: "x" })).status).toBe(404);
    expect((await theo.client.post(`/api/tutor/sessions/${sessionId}/summaries/${maya}/share`)).status).toBe(404);
  });
});

describe("sharing a summary", () => {
  it("mails the guardians and the student, shows it in the parent and student areas only for their own child, and then freezes it", async () => {
    const sessionId = await pastSession([maya, noah]);
    await tina.client.put(`/api/tutor/sessions/${sessionId}/report`, report([entry(maya), entry(noah)]));
    await tina.client.put(`/api/tutor/sessions/${sessionId}/summaries/${maya}`, { body: "Maya worked through factorising with real confidence." });
    const parentMailsBefore = (await mailsTo(t.db, parent.user.email)).length;
    const otherParentMailsBefore = (await mailsTo(t.db, otherParent.user.email)).length;

    const shared = await tina.client.post<Summary>(`/api/tutor/sessions/${sessionId}/summaries/${maya}/share`);
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ status: "shared" });
    expect(shared.body.sharedAt).not.toBeNull();

    const parentMails = (await mailsTo(t.db, parent.user.email)).slice(parentMailsBefore);
    expect(parentMails).toHaveLength(1);
    expect(parentMails[0]!.subject).toBe("Maya Lopez's Mathematics session: summary");
    expect(parentMails[0]!.body).toContain("Maya worked through factorising with real confidence.");
    expect(parentMails[0]!.body).toContain(`/parent/sessions/${sessionId}`);
    expect(parentMails[0]!.body).not.toContain("tired");
    expect((await mailsTo(t.db, pupil.user.email)).some((mail) => mail.body.includes(`/student/sessions/${sessionId}`))).toBe(true);
    expect((await mailsTo(t.db, otherParent.user.email)).length).toBe(otherParentMailsBefore);

    const forParent = await parent.client.get<FamilySummaryPage>(`/api/parent/summaries?sessionId=${sessionId}`);
    expect(forParent.body.items.map((item) => [item.studentName, item.body])).toEqual([
      ["Maya Lopez", "Maya worked through factorising with real confidence."],
    ]);
    expect(forParent.body.items[0]).toMatchObject({ tutorName: "Tina Tutor", subject: "Mathematics" });
    // Noah's summary is not shared, and not Pat's child: nothing for the other parent yet.
    expect((await otherParent.client.get<FamilySummaryPage>(`/api/parent/summaries?sessionId=${sessionId}`)).body.items).toEqual([]);
    expect((await pupil.client.get<FamilySummaryPage>(`/api/student/summaries`)).body.items.map((item) => item.sessionId)).toContain(sessionId);
    // A parent asking for another child's summaries gets none.
    expect((await parent.client.get<FamilySummaryPage>(`/api/parent/summaries?studentId=${noah}`)).body.items).toEqual([]);

    const again = await tina.client.post(`/api/tutor/sessions/${sessionId}/summaries/${maya}/share`);
    expect(again.status).toBe(409);
    const edit = await tina.client.put(`/api/tutor/sessions/${sessionId}/summaries/${maya}`, { body: "Changed after sharing" });
    expect(edit.status).toBe(409);
    expect(edit.body.error.message).toContain("can no longer be changed");
    expect((await auditEntries(t.db, { action: "SESSION_SUMMARY_SHARED", organizationId: admin.organizationId })).some((item) => item.studentId === maya)).toBe(
      true,
    );
  });

  it("waits for an admin's review when the workspace requires it", async () => {
    await admin.client.put("/api/admin/session-policy", { summaryRequiresReview: true });
    try {
      const sessionId = await pastSession([noah]);
      await tina.client.put(`/api/tutor/sessions/${sessionId}/report`, report([entry(noah)]));
      const mailsBefore = (await mailsTo(t.db, otherParent.user.email)).length;
      const submitted = await tina.client.post<Summary>(`/api/tutor/sessions/${sessionId}/summaries/${noah}/share`);
      expect(submitted.status).toBe(200);
      expect(submitted.body.status).toBe("awaiting_review");
      expect((await mailsTo(t.db, otherParent.user.email)).length).toBe(mailsBefore);
      expect((await otherParent.client.get<FamilySummaryPage>(`/api/parent/summaries?sessionId=${sessionId}`)).body.items).toEqual([]);
      expect((await tina.client.post(`/api/tutor/sessions/${sessionId}/summaries/${noah}/share`)).status).toBe(409);

      const queue = await admin.client.get<ReviewPage>("/api/admin/summaries/awaiting-review");
      expect(queue.body.items.map((item) => [item.sessionId, item.studentName, item.tutorName])).toContainEqual([sessionId, "Noah Kim", "Tina Tutor"]);
      expect((await otherAdmin.client.get<ReviewPage>("/api/admin/summaries/awaiting-review")).body.items).toEqual([]);

      const approved = await admin.client.post<Summary>(`/api/admin/sessions/${sessionId}/summaries/${noah}/share`);
      expect(approved.body.status).toBe("shared");
      expect((await mailsTo(t.db, otherParent.user.email)).length).toBe(mailsBefore + 1);
      expect((await admin.client.get<ReviewPage>("/api/admin/summaries/awaiting-review")).body.items.map((item) => item.sessionId)).not.toContain(sessionId);
    } finally {
      await admin.client.put("/api/admin/session-policy", { summaryRequiresReview: false });
    }
  });
});

describe("missing reports", () => {
  it("lists sessions over without a report, the overdue ones (48 hours) on their own, for the tutor and the admins only", async () => {
    const recent = await pastSession([maya], 5);
    const overdue = await pastSession([noah], 60);
    const otherTutors = await (async () => {
      await assignTutor(admin.client, { tutorMemberId: theo.memberId, studentId: noah, startsOn: "2020-01-01" });
      return pastSession([noah], 80, theo);
    })();
    const tinaDue = await tina.client.get<DueReportPage>("/api/tutor/session-reports/due?pageSize=100");
    const ids = tinaDue.body.items.map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining([recent, overdue]));
    expect(ids).not.toContain(otherTutors);
    expect(tinaDue.body.items.find((item) => item.id === overdue)!.overdue).toBe(true);
    expect(tinaDue.body.items.find((item) => item.id === recent)!.overdue).toBe(false);

    const tinaOverdue = (await tina.client.get<DueReportPage>("/api/tutor/session-reports/due?overdueOnly=true&pageSize=100")).body.items.map(
      (item) => item.id,
    );
    expect(tinaOverdue).toContain(overdue);
    expect(tinaOverdue).not.toContain(recent);
    const adminOverdue = (await admin.client.get<DueReportPage>("/api/admin/session-reports/due?overdueOnly=true&pageSize=100")).body.items.map(
      (item) => item.id,
    );
    expect(adminOverdue).toEqual(expect.arrayContaining([overdue, otherTutors]));
    expect((await otherAdmin.client.get<DueReportPage>("/api/admin/session-reports/due?pageSize=100")).body.items).toEqual([]);
    expect((await parent.client.get("/api/tutor/session-reports/due")).status).toBe(403);

    // Filing the report takes it off the list.
    await tina.client.put(`/api/tutor/sessions/${overdue}/report`, report([entry(noah)]));
    expect(
      (await tina.client.get<DueReportPage>("/api/tutor/session-reports/due?overdueOnly=true&pageSize=100")).body.items.map((item) => item.id),
    ).not.toContain(overdue);
    const bad = await tina.client.get("/api/tutor/session-reports/due?overdueOnly=maybe");
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain("Overdue only must be true or false.");
  });
});

describe("the workspace policy", () => {
  it("changes one policy at a time and refuses an empty or out-of-range change", async () => {
    const set = await admin.client.put("/api/admin/session-policy", { reminderLeadHours: 6, recordingRetentionDays: 90 });
    expect(set.body).toEqual({ lateCancellationHours: 24, reminderLeadHours: 6, summaryRequiresReview: false, recordingRetentionDays: 90 });
    const kept = await admin.client.put("/api/admin/session-policy", { recordingRetentionDays: null });
    expect(kept.body).toMatchObject({ reminderLeadHours: 6, recordingRetentionDays: null });
    const empty = await admin.client.put("/api/admin/session-policy", {});
    expect(empty.status).toBe(422);
    expect(JSON.stringify(empty.body)).toContain("Give at least one policy to change.");
    const wrong = await admin.client.put("/api/admin/session-policy", { reminderLeadHours: 0 });
    expect(JSON.stringify(wrong.body)).toContain("Reminder lead time must be at least 1 hour.");
    expect((await tina.client.put("/api/admin/session-policy", { reminderLeadHours: 2 })).status).toBe(403);
    await admin.client.put("/api/admin/session-policy", { reminderLeadHours: 24 });
    const audit = await auditEntries(t.db, { action: "SESSION_POLICY_CHANGED", organizationId: admin.organizationId });
    expect(audit.map((item) => item.description)).toContainEqual("Ada Admin set reminders 6 hours ahead, recordings deleted after 90 days");
  });
});
