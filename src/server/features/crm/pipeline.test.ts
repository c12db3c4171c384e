/**
 * The CRM's pipeline tools through the API: a CSV file of leads previewed row by row (refused
 * cells named by column, duplicates against existing leads and earlier rows), imported in one
 * go or refused whole, or with its refused rows skipped, audited with the count only; two
 * duplicate leads merged (fields filled, timeline and tasks moved, the duplicate gone, 404
 * outside the viewer's leads, 409 into itself or from a converted lead); and the funnel's
 * figures over a known set of leads.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "../../../../tests/db.ts";
import { createSessionCast, type SessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { LeadDetail, StageList, Task } from "../../../shared/schemas/crm.ts";
import type { Funnel, ImportPreview, ImportResult } from "../../../shared/schemas/crm-pipeline.ts";
import { fixedClock } from "../../core/clock.ts";
import { lead, leadActivity } from "../../db/crm-schema.ts";

const clock = fixedClock(new Date("2026-11-02T09:00:00.000Z"));
let t: TestApp;
let cast: SessionCast;

const issuesOf = (body: { error: { issues?: { path: (string | number)[]; message: string }[] } }) =>
  (body.error.issues ?? []).map((issue) => [issue.path.join("."), issue.message]);

beforeAll(async () => {
  t = await createTestApp({ clock });
  cast = await createSessionCast(t);
});
afterAll(async () => t?.close());

const makeLead = async (client: SessionCast["tina"]["client"], area: "admin" | "tutor", fields: Record<string, unknown>) => {
  const made = await client.post<LeadDetail>(`/api/${area}/crm/leads`, { source: "phone", consentBasis: "consent", ...fields });
  expect(made.status, made.text).toBe(201);
  return made.body;
};

describe("a CSV import", () => {
  let existing: LeadDetail;
  const file = [
    "Parent Name,Child,E-mail,Phone number,Subjects,Year group,Availability,How they found us,Comments,Shoe size",
    'Pat Import,Sam,pat.import@example.com,+44 7700 900001,"Maths; Physics",Year 9,Evenings,referral,"Said ""call after 6""",42',
    "Quinn Import,,QUINN@example.com,,English,,,,,",
    ",Nameless Kid,,,,,,,,",
    "Rae Import,,not-an-email,,,,,carrier pigeon,,",
    "Pat Again,,,'+44 (7700) 900-001,,,,walk-in,,",
    "Old Lead Family,,old@example.com,,,,,,,",
  ].join("\r\n");

  beforeAll(async () => {
    existing = await makeLead(cast.tina.client, "tutor", { guardianName: "Olive Existing", email: "old@example.com" });
  });

  it("previews every row: the lead it makes, or each refused cell by column; duplicates of existing leads and earlier rows", async () => {
    const preview = await cast.tina.client.post<ImportPreview>("/api/tutor/crm/leads/import/preview", { csv: file, consentBasis: "legitimate_interest" });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.columns.map((column) => column.column)).toEqual([
      "guardian name",
      "student name",
      "email",
      "phone",
      "subjects",
      "level",
      "preferred times",
      "source",
      "notes",
      null,
    ]);
    expect([preview.body.valid, preview.body.refused]).toEqual([4, 2]);
    const [pat, quinn, nameless, rae, again, old] = preview.body.rows;
    expect(pat).toMatchObject({
      row: 2,
      errors: [],
      duplicates: [],
      lead: {
        guardianName: "Pat Import",
        studentName: "Sam",
        email: "pat.import@example.com",
        phone: "+44 7700 900001",
        subjects: ["Maths", "Physics"],
        level: "Year 9",
        preferredTimes: "Evenings",
        source: "referral",
        notes: 'Said "call after 6"',
        owner: { memberId: cast.tina.memberId, name: "Tina Tutor" },
      },
    });
    expect(quinn!.lead).toMatchObject({ email: "quinn@example.com", source: "other" });
    expect(nameless).toMatchObject({ row: 4, lead: null, errors: [{ column: "email", message: "Give an email address or a phone number." }] });
    expect(rae!.lead).toBeNull();
    expect(rae!.errors.map((error) => error.column).sort()).toEqual(["email", "source"]);
    // The spreadsheet's formula guard (a leading apostrophe) is taken off; the phone's digits match row 2.
    expect(again).toMatchObject({
      lead: { phone: "+44 (7700) 900-001", source: "walk_in" },
      duplicates: [{ matchedOn: "phone", row: 2, leadId: null, name: "Pat Import (for Sam)" }],
    });
    expect(old!.duplicates).toEqual([{ matchedOn: "email", leadId: existing.id, row: null, name: "Olive Existing" }]);
    // Nothing written.
    expect(await t.db.select().from(lead).where(eq(lead.guardianName, "Pat Import"))).toHaveLength(0);
  });

  it("refuses a file with a refused row whole, naming the rows and columns; nothing is written", async () => {
    const refused = await cast.tina.client.post("/api/tutor/crm/leads/import", { csv: file, consentBasis: "consent" });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.error.message).toMatch(/^2 rows are refused \(rows 4, 5\)/);
    expect(issuesOf(refused.body)).toContainEqual(["csv.4.email", "Row 4, email: Give an email address or a phone number."]);
    expect(issuesOf(refused.body).map(([path]) => path)).toContain("csv.5.source");
    expect(await t.db.select().from(lead).where(eq(lead.guardianName, "Pat Import"))).toHaveLength(0);
  });

  it("refuses files it cannot read, naming the problem", async () => {
    const noHeader = await cast.tina.client.post("/api/tutor/crm/leads/import/preview", { csv: "Shoe size\r\n42", consentBasis: "consent" });
    expect([noHeader.status, issuesOf(noHeader.body)[0]![0]]).toEqual([422, "csv"]);
    const open = await cast.tina.client.post("/api/tutor/crm/leads/import/preview", { csv: 'name,email\r\n"Pat,pat@example.com', consentBasis: "consent" });
    expect(issuesOf(open.body)).toEqual([["csv", "Line 2: a quoted field is never closed."]]);
    const tooMany = await cast.tina.client.post("/api/tutor/crm/leads/import/preview", {
      csv: `name,email\n${Array.from({ length: 2001 }, (_, index) => `P${index},p${index}@example.com`).join("\n")}`,
      consentBasis: "consent",
    });
    expect(issuesOf(tooMany.body)).toEqual([["csv", "The file has more than 2000 leads: split it."]]);
    const other = await cast.tina.client.post("/api/tutor/crm/leads/import/preview", { csv: file, consentBasis: "consent", ownerMemberId: cast.theo.memberId });
    expect(issuesOf(other.body)[0]![0]).toBe("ownerMemberId");
    expect((await cast.parent.client.post("/api/admin/crm/leads/import/preview", { csv: file, consentBasis: "consent" })).status).toBe(403);
  });

  it("with skipInvalid writes the valid rows in the first stage, each with its timeline entry, skips the refused and audits the count", async () => {
    const done = await cast.tina.client.post<ImportResult>("/api/tutor/crm/leads/import", { csv: file, consentBasis: "consent", skipInvalid: true });
    expect(done.status, done.text).toBe(201);
    expect(done.body.imported).toBe(4);
    expect(done.body.skipped.map((row) => row.row)).toEqual([4, 5]);
    const pat = await cast.tina.client.get<LeadDetail>(`/api/tutor/crm/leads/${done.body.leadIds[0]}`);
    expect(pat.body).toMatchObject({ guardianName: "Pat Import", stage: { name: "New" }, owner: { memberId: cast.tina.memberId }, purgeOn: "2027-11-02" });
    expect(pat.body.timeline.map((entry) => [entry.kind, entry.summary])).toEqual([["created", "Imported from a CSV file"]]);
    const [entry] = await auditEntries(t.db, { action: "LEAD_IMPORTED", organizationId: cast.admin.organizationId });
    expect(entry).toMatchObject({ description: "4 leads imported from a CSV file (2 refused rows skipped)", metadata: { imported: 4, skipped: 2 } });
    expect(JSON.stringify({ description: entry!.description, metadata: entry!.metadata })).not.toMatch(/Pat|Quinn|example\.com|7700/);
  });

  it("lets an admin give the leads to an owner by column, or to a default owner", async () => {
    const csv =
      "guardian,email,owner\r\nUma Owned,uma@example.com,Theo Teacher\r\nVic Default,vic@example.com,\r\nWes Nobody,wes@example.com,nobody@example.com";
    const preview = await cast.admin.client.post<ImportPreview>("/api/admin/crm/leads/import/preview", {
      csv,
      consentBasis: "consent",
      ownerMemberId: cast.tina.memberId,
    });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.rows.map((row) => row.lead?.owner.memberId ?? row.errors[0]!.column)).toEqual([cast.theo.memberId, cast.tina.memberId, "owner"]);
  });
});

describe("merging duplicates", () => {
  let kept: LeadDetail;
  let duplicate: LeadDetail;
  let task: Task;

  beforeAll(async () => {
    kept = await makeLead(cast.tina.client, "tutor", { guardianName: "Mo Merge", email: "mo@example.com", subjects: [] });
    clock.advance(60_000);
    duplicate = await makeLead(cast.tina.client, "tutor", {
      guardianName: "Mo M.",
      studentName: "Max Merge",
      phone: "07700 900555",
      subjects: ["Chemistry"],
      notes: "Prefers Saturdays",
      source: "referral",
    });
    await cast.tina.client.post(`/api/tutor/crm/leads/${duplicate.id}/activities`, { kind: "call", body: "Left a message" });
    task = (await cast.tina.client.post<Task>("/api/tutor/crm/tasks", { title: "Call Max's parent", dueOn: "2026-11-05", leadId: duplicate.id })).body;
  });

  it("answers 404 outside the viewer's leads and 409 for a lead into itself", async () => {
    expect((await cast.theo.client.post(`/api/tutor/crm/leads/${kept.id}/merge`, { duplicateLeadId: duplicate.id })).status).toBe(404);
    expect((await cast.otherAdmin.client.post(`/api/admin/crm/leads/${kept.id}/merge`, { duplicateLeadId: duplicate.id })).status).toBe(404);
    const theos = await makeLead(cast.theo.client, "tutor", { guardianName: "Theo's Lead", email: "theos@example.com" });
    expect((await cast.tina.client.post(`/api/tutor/crm/leads/${kept.id}/merge`, { duplicateLeadId: theos.id })).status).toBe(404);
    const self = await cast.tina.client.post(`/api/tutor/crm/leads/${kept.id}/merge`, { duplicateLeadId: kept.id });
    expect([self.status, issuesOf(self.body)]).toEqual([409, [["duplicateLeadId", "A lead cannot be merged into itself."]]]);
  });

  it("refuses to delete a converted lead: merge the other way", async () => {
    const converted = await makeLead(cast.tina.client, "tutor", { guardianName: "Cy Converted", email: "cy@example.com" });
    await t.db.update(lead).set({ convertedAt: clock.now() }).where(eq(lead.id, converted.id));
    const refused = await cast.tina.client.post(`/api/tutor/crm/leads/${kept.id}/merge`, { duplicateLeadId: converted.id });
    expect(refused.status).toBe(409);
    expect(issuesOf(refused.body)[0]![1]).toMatch(/merge this lead into it instead/);
  });

  it("keeps the lead's fields, fills its empty ones from the duplicate, moves the timeline and tasks, deletes the duplicate, audits without names", async () => {
    clock.advance(60_000);
    const merged = await cast.tina.client.post<LeadDetail>(`/api/tutor/crm/leads/${kept.id}/merge`, { duplicateLeadId: duplicate.id });
    expect(merged.status, merged.text).toBe(200);
    expect(merged.body).toMatchObject({
      guardianName: "Mo Merge",
      studentName: "Max Merge",
      email: "mo@example.com",
      phone: "07700 900555",
      subjects: ["Chemistry"],
      notes: "Prefers Saturdays",
      source: "phone",
    });
    expect(merged.body.timeline[0]).toMatchObject({
      kind: "merged",
      summary: "Merged with a duplicate: Mo M. (for Max Merge); taken from it: student's name, phone, subjects, notes",
    });
    expect(merged.body.timeline.map((entry) => entry.kind)).toEqual(["merged", "task", "call", "created", "created"]);
    expect((await cast.tina.client.get(`/api/tutor/crm/leads/${duplicate.id}`)).status).toBe(404);
    const tasks = await cast.tina.client.get<{ items: Task[] }>(`/api/tutor/crm/tasks?leadId=${kept.id}`);
    expect(tasks.body.items.map((item) => [item.id, item.lead?.id])).toEqual([[task.id, kept.id]]);
    expect(await t.db.select().from(leadActivity).where(eq(leadActivity.leadId, duplicate.id))).toHaveLength(0);
    const [entry] = await auditEntries(t.db, { action: "LEAD_MERGED", organizationId: cast.admin.organizationId });
    expect(entry).toMatchObject({ metadata: { leadId: kept.id, mergedLeadId: duplicate.id } });
    expect(JSON.stringify({ description: entry!.description, metadata: entry!.metadata })).not.toMatch(/Mo |Max|example\.com|7700/);
  });
});

describe("the funnel", () => {
  // A workspace of its own: Ada's other leads would blur the figures.
  let f: SessionCast;
  let fStages: StageList;
  const fStage = (name: string) => fStages.items.find((item) => item.name === name)!.id;

  beforeAll(async () => {
    f = await createSessionCast(t);
    fStages = (await f.admin.client.get<StageList>("/api/admin/crm/stages")).body;
    clock.set(new Date("2026-10-01T09:00:00.000Z"));
    const move = async (client: typeof f.tina.client, area: "admin" | "tutor", id: string, name: string, lostReason?: string) => {
      clock.advance(3_600_000);
      const moved = await client.post(`/api/${area}/crm/leads/${id}/move`, { stageId: fStage(name), lostReason });
      expect(moved.status, moved.text).toBe(200);
    };
    // Tina's: a (phone) New → Contacted → Consultation → Trial booked, trial, converted after 10 days;
    // b (phone) New → Contacted → Lost; c (referral) straight to Trial booked (skipping), trial, not converted.
    const a = await makeLead(f.tina.client, "tutor", { guardianName: "A", email: "a@example.com", source: "phone" });
    const b = await makeLead(f.tina.client, "tutor", { guardianName: "B", email: "b@example.com", source: "phone" });
    const c = await makeLead(f.tina.client, "tutor", { guardianName: "C", email: "c@example.com", source: "referral" });
    // Theo's: d (referral) New only; converted after 4 days without a trial.
    const d = await makeLead(f.theo.client, "tutor", { guardianName: "D", email: "d@example.com", source: "referral" });
    for (const name of ["Contacted", "Consultation", "Trial booked"]) await move(f.tina.client, "tutor", a.id, name);
    await move(f.tina.client, "tutor", b.id, "Contacted");
    await move(f.tina.client, "tutor", b.id, "Lost", "Price");
    await move(f.tina.client, "tutor", c.id, "Trial booked");
    // Trials and conversion are other operations: their timeline entries and the conversion are written directly.
    const trial = (leadId: string) => ({
      organizationId: f.admin.organizationId,
      leadId,
      kind: "trial" as const,
      summary: "Trial lesson",
      occurredAt: clock.now(),
    });
    await t.db.insert(leadActivity).values([trial(a.id), trial(c.id)]);
    await t.db
      .update(lead)
      .set({ convertedAt: new Date("2026-10-11T09:00:00.000Z"), stageId: fStage("Won") })
      .where(eq(lead.id, a.id));
    await t.db
      .update(lead)
      .set({ convertedAt: new Date("2026-10-05T09:00:00.000Z") })
      .where(and(eq(lead.organizationId, f.admin.organizationId), inArray(lead.id, [d.id])));
    // Outside the range: made on 1 December.
    clock.set(new Date("2026-12-01T09:00:00.000Z"));
    await makeLead(f.tina.client, "tutor", { guardianName: "E", email: "e@example.com" });
  });

  it("counts the leads created in the range per stage, the conversions between stages, trials and days to convert, by source and owner", async () => {
    const read = await f.admin.client.get<Funnel>("/api/admin/crm/funnel?from=2026-10-01&to=2026-10-31");
    expect(read.status, read.text).toBe(200);
    const { overall } = read.body;
    expect(overall).toMatchObject({ leads: 4, lost: 1, converted: 2, withTrial: 2, trialConversion: 0.5, medianDaysToConvert: 7 });
    // c skipped to Trial booked, so it passed Contacted and Consultation; d converted without moving: it reached Won and every stage before.
    expect(overall.steps.map((step) => [step.stage, step.current, step.reached, step.conversion])).toEqual([
      ["New", 1, 4, null],
      ["Contacted", 0, 4, 1],
      ["Consultation", 0, 3, 0.75],
      ["Trial booked", 1, 3, 1],
      ["Trial attended", 0, 2, 0.667],
      ["Won", 1, 2, 1],
    ]);
    const bySource = Object.fromEntries(read.body.bySource.map((row) => [row.source, row]));
    expect(bySource.phone).toMatchObject({ leads: 2, converted: 1, lost: 1, medianDaysToConvert: 10 });
    expect(bySource.referral).toMatchObject({ leads: 2, converted: 1, withTrial: 1, trialConversion: 0, medianDaysToConvert: 4 });
    expect(read.body.byOwner.map((row) => [row.owner?.name, row.leads, row.converted, row.medianDaysToConvert])).toEqual([
      ["Tina Tutor", 3, 1, 10],
      ["Theo Teacher", 1, 1, 4],
    ]);
  });

  it("gives a tutor their own leads only, and the last 90 days by default", async () => {
    const theirs = await f.tina.client.get<Funnel>("/api/tutor/crm/funnel?from=2026-10-01&to=2026-10-31");
    expect(theirs.body.overall.leads).toBe(3);
    expect(theirs.body.byOwner.map((row) => row.owner?.name)).toEqual(["Tina Tutor"]);
    const recent = await f.admin.client.get<Funnel>("/api/admin/crm/funnel");
    expect([recent.body.from, recent.body.to, recent.body.overall.leads]).toEqual(["2026-09-03", "2026-12-01", 5]);
    const backwards = await f.admin.client.get("/api/admin/crm/funnel?from=2026-10-31&to=2026-10-01");
    expect([backwards.status, issuesOf(backwards.body)[0]![0]]).toEqual([422, "to"]);
  });
});
