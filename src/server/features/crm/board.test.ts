/**
 * The CRM board through the API: every stage in order with its count, open stages' cards
 * longest waiting first and won or lost the latest first, the cards' next open task, the limit
 * per column, a tutor's board of their own leads, and refusals of a bad query.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSessionCast, type SessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { Board } from "../../../shared/schemas/crm-board.ts";
import type { LeadDetail, StageList } from "../../../shared/schemas/crm.ts";
import { fixedClock } from "../../core/clock.ts";

const clock = fixedClock(new Date("2026-11-02T09:00:00.000Z"));
let t: TestApp;
let cast: SessionCast;
let stages: StageList;
const stage = (name: string) => stages.items.find((item) => item.name === name)!.id;
const column = (board: Board, name: string) => board.columns.find((item) => item.stage.name === name)!;

async function addLead(name: string, ownerMemberId: string) {
  clock.advance(60_000);
  const made = await cast.admin.client.post<LeadDetail>("/api/admin/crm/leads", {
    guardianName: name,
    email: `${name.toLowerCase().replace(/\s/g, ".")}@example.com`,
    source: "referral",
    consentBasis: "pre_contract",
    subjects: ["Maths"],
    ownerMemberId,
  });
  expect(made.status, made.text).toBe(201);
  return made.body;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  cast = await createSessionCast(t);
  stages = (await cast.admin.client.get<StageList>("/api/admin/crm/stages")).body;
});
afterAll(async () => t?.close());

describe("the board", () => {
  let first: LeadDetail, second: LeadDetail, third: LeadDetail, lost: LeadDetail, theos: LeadDetail;

  beforeAll(async () => {
    first = await addLead("Ann First", cast.tina.memberId);
    second = await addLead("Bob Second", cast.tina.memberId);
    third = await addLead("Cy Third", cast.admin.memberId);
    theos = await addLead("Dee Theo", cast.theo.memberId);
    lost = await addLead("Eve Lost", cast.tina.memberId);
    clock.advance(60_000);
    expect((await cast.admin.client.post(`/api/admin/crm/leads/${lost.id}/move`, { stageId: stage("Lost"), lostReason: "Price" })).status).toBe(200);
    clock.advance(60_000);
    expect((await cast.admin.client.post(`/api/admin/crm/leads/${theos.id}/move`, { stageId: stage("Lost"), lostReason: "No response" })).status).toBe(200);
    const task = (title: string, dueOn: string, leadId: string) =>
      cast.admin.client.post("/api/admin/crm/tasks", { title, dueOn, leadId, assigneeMemberId: cast.tina.memberId });
    expect((await task("Call back", "2026-11-05", second.id)).status).toBe(201);
    expect((await task("Send prices", "2026-11-03", second.id)).status).toBe(201);
  });

  it("shows every stage in order with its count; open stages longest waiting first, lost the latest first; a card's next open task", async () => {
    const read = await cast.admin.client.get<Board>("/api/admin/crm/board");
    expect(read.status, read.text).toBe(200);
    expect(read.body.columns.map((item) => [item.stage.name, item.total])).toEqual([
      ["New", 3],
      ["Contacted", 0],
      ["Consultation", 0],
      ["Trial booked", 0],
      ["Trial attended", 0],
      ["Won", 0],
      ["Lost", 2],
    ]);
    expect(column(read.body, "New").cards.map((card) => card.id)).toEqual([first.id, second.id, third.id]);
    expect(column(read.body, "Lost").cards.map((card) => card.guardianName)).toEqual(["Dee Theo", "Eve Lost"]);
    expect(column(read.body, "New").cards[1]).toMatchObject({
      id: second.id,
      subjects: ["Maths"],
      source: "referral",
      owner: { memberId: cast.tina.memberId, name: "Tina Tutor" },
      nextTask: { title: "Send prices", dueOn: "2026-11-03" },
    });
    expect(column(read.body, "New").cards[0]!.nextTask).toBeNull();
    expect(read.body.lostReasons).toContain("Price");
    // Contacts stay on the lead's page.
    expect(JSON.stringify(read.body)).not.toContain("@example.com");
  });

  it("holds at most perStage cards per column and counts them all; an admin may narrow it to one owner", async () => {
    const few = await cast.admin.client.get<Board>("/api/admin/crm/board?perStage=1");
    expect([column(few.body, "New").total, column(few.body, "New").cards.map((card) => card.id)]).toEqual([3, [first.id]]);
    const tinas = await cast.admin.client.get<Board>(`/api/admin/crm/board?ownerMemberId=${cast.tina.memberId}`);
    expect(column(tinas.body, "New").cards.map((card) => card.id)).toEqual([first.id, second.id]);
    expect(column(tinas.body, "Lost").total).toBe(1);
  });

  it("is a tutor's own leads in the tutor area, none of another workspace, and refuses a bad query naming it", async () => {
    const tinas = await cast.tina.client.get<Board>("/api/tutor/crm/board");
    expect(tinas.status, tinas.text).toBe(200);
    expect(tinas.body.columns.flatMap((item) => item.cards.map((card) => card.guardianName))).toEqual(["Ann First", "Bob Second", "Eve Lost"]);
    const theos = await cast.theo.client.get<Board>("/api/tutor/crm/board");
    expect(theos.body.columns.map((item) => item.total).reduce((a, b) => a + b)).toBe(1);
    const other = await cast.otherAdmin.client.get<Board>("/api/admin/crm/board");
    expect(other.body.columns.every((item) => item.total === 0)).toBe(true);
    expect((await cast.parent.client.get("/api/admin/crm/board")).status).toBe(403);
    const bad = await cast.admin.client.get<{ error: { issues: { path: string[] }[] } }>("/api/admin/crm/board?perStage=500");
    expect([bad.status, bad.body.error.issues[0]!.path]).toEqual([422, ["perStage"]]);
  });
});
