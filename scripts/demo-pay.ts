/**
 * The demo's tutor pay, through the real API, walking through the term with the demo clock:
 * - at the start of the term: fortnightly pay periods starting that day;
 * - two days after each fortnight that ended long enough ago, its pay run is drafted and
 *   confirmed; two days later it is marked paid with the payroll's reference;
 * - today: an adjustment (a tutor's travel), and the current fortnight's run drafted, waiting
 *   for the admin. It also pays back a session re-marked after its run was confirmed.
 */
import { randomUUID } from "node:crypto";
import type { ApiClient } from "../tests/client.ts";

const DAY = 86_400_000;
const dateAfter = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

export interface DemoPaySummary {
  /** Past fortnights' runs, confirmed and marked paid. */
  runsPaid: number;
  /** The current fortnight's run, left as a draft. */
  draftRunId: string;
  adjustments: number;
}

/** A step of the term's pay: when it happens, and what it does then. */
export interface DemoPayStep {
  at: number;
  run: () => Promise<void>;
}

async function expectStatus<T>(step: string, response: Promise<{ status: number; body: T; text: string }>, ...statuses: number[]): Promise<T> {
  const answer = await response;
  if (!statuses.includes(answer.status)) throw new Error(`${step} failed with ${answer.status}: ${answer.text}`);
  return answer.body;
}

/**
 * Fortnightly pay from the term's first day; returns the steps of the past fortnights' runs
 * (drafted and confirmed two days after the fortnight, paid two days later), each at least a
 * day before `now`, and a count of those paid once they have run.
 */
export async function setUpPay(admin: ApiClient, termFirstDay: string, now: number): Promise<{ steps: DemoPayStep[]; paid: () => number }> {
  await expectStatus(
    "Pay settings",
    admin.patch("/api/admin/pay/settings", { periodKind: "fortnightly", periodAnchorOn: termFirstDay, payOnlyWhenInvoicePaid: false }),
    200,
  );
  let paid = 0;
  const steps: DemoPayStep[] = [];
  for (let from = termFirstDay; ; from = dateAfter(from, 14)) {
    const to = dateAfter(from, 13);
    const draftAt = Date.parse(`${dateAfter(to, 2)}T10:00:00Z`);
    const paidAt = draftAt + 2 * DAY;
    if (paidAt > now - DAY) break;
    let runId = "";
    steps.push({
      at: draftAt,
      run: async () => {
        const run = await expectStatus<{ id: string }>("Drafting a pay run", admin.post("/api/admin/pay/runs", { date: from }), 201);
        await expectStatus("Confirming a pay run", admin.post(`/api/admin/pay/runs/${run.id}/confirm`, {}), 200);
        runId = run.id;
      },
    });
    steps.push({
      at: paidAt,
      run: async () => {
        const paidOn = new Date(paidAt).toISOString().slice(0, 10);
        await expectStatus("Marking a pay run paid", admin.post(`/api/admin/pay/runs/${runId}/paid`, { paidOn, reference: `Payroll ${to}` }), 200);
        paid++;
      },
    });
  }
  return { steps, paid: () => paid };
}

/** Today: a travel adjustment for a tutor, then the current fortnight's run drafted for the admin to check. */
export async function draftCurrentPay(admin: ApiClient, tutorMemberId: string, today: string): Promise<{ draftRunId: string; adjustments: number }> {
  await expectStatus(
    "Adding a pay adjustment",
    admin.post(`/api/admin/pay/tutors/${tutorMemberId}/adjustments`, {
      category: "travel",
      amountMinor: 1850,
      reason: "Travel to the students' school for the exam-week sessions",
      earnedOn: today,
      idempotencyKey: randomUUID().replaceAll("-", ""),
    }),
    201,
  );
  const draft = await expectStatus<{ id: string }>("Drafting this fortnight's pay run", admin.post("/api/admin/pay/runs", { date: today }), 201);
  return { draftRunId: draft.id, adjustments: 1 };
}
