/**
 * Tutor pay set-ups through the API: sessions of a tutor made, taught (reported) or cancelled
 * on a fixed clock, statements, adjustments and pay runs. No test-runner imports.
 */
import type { FixedClock } from "../src/server/core/clock.ts";
import type { PayRun, PayStatement } from "../src/shared/schemas/tutor-pay.ts";
import type { ApiClient, ApiResponse } from "./client.ts";
import { createSession } from "./people-factories.ts";

const HOUR = 3_600_000;

function fail(what: string, response: ApiResponse): never {
  throw new Error(`${what} answered ${response.status}: ${response.text}`);
}

export interface Lesson {
  id: string;
  endsAt: Date;
}

/** Makes sessions of one tutor in free slots ahead of the clock, and moves the clock past them. */
export function lessonMaker(admin: ApiClient, clock: FixedClock, tutorMemberId: string) {
  let slot = 0;
  return {
    /** A session `hoursAhead` from now (the next free slot when not given) for these students. */
    async make(studentIds: string[], minutes: number, hoursAhead = 24 + 2 * slot++): Promise<Lesson> {
      const start = new Date(Math.floor((clock.now().getTime() + hoursAhead * HOUR) / 60_000) * 60_000);
      const end = new Date(start.getTime() + minutes * 60_000);
      const local = (date: Date) => date.toISOString().slice(0, 16);
      const batch = await createSession(admin, { tutorMemberId, studentIds, startsAt: local(start), endsAt: local(end), timeZone: "UTC" });
      return { id: batch.items[0]!.id, endsAt: end };
    },
    /** Moves the clock past the sessions' end. */
    after(...lessons: Lesson[]) {
      const last = Math.max(...lessons.map((lesson) => lesson.endsAt.getTime()));
      if (last >= clock.now().getTime()) clock.set(new Date(last + 60_000));
    },
  };
}

const entry = (studentId: string, attendance: "present" | "absent") =>
  attendance === "present"
    ? { studentId, attendance, previousHomework: "none_set", understanding: 4, engagement: 4 }
    : { studentId, attendance, previousHomework: "none_set", understanding: null, engagement: null };

/** Files (or corrects) the session's report as the admin: each student present or absent. */
export async function reportLesson(admin: ApiClient, sessionId: string, attendance: Record<string, "present" | "absent">): Promise<void> {
  const students = Object.entries(attendance).map(([studentId, mark]) => entry(studentId, mark));
  const response = await admin.put(`/api/admin/sessions/${sessionId}/report`, { topics: "Fractions", students });
  if (response.status !== 200) fail("Filing a report", response);
}

export async function statementOf(admin: ApiClient, memberId: string, range: { from?: string; to?: string } = {}): Promise<PayStatement> {
  const query = new URLSearchParams(range as Record<string, string>);
  const response = await admin.get<PayStatement>(`/api/admin/pay/tutors/${memberId}/statement${query.size > 0 ? `?${query}` : ""}`);
  if (response.status !== 200) fail("Reading a statement", response);
  return response.body;
}

export async function draftPayRun(admin: ApiClient, date: string): Promise<PayRun> {
  const response = await admin.post<PayRun>("/api/admin/pay/runs", { date });
  if (response.status !== 201) fail("Drafting a pay run", response);
  return response.body;
}

export async function confirmPayRun(admin: ApiClient, payRunId: string): Promise<PayRun> {
  const response = await admin.post<PayRun>(`/api/admin/pay/runs/${payRunId}/confirm`);
  if (response.status !== 200) fail("Confirming a pay run", response);
  return response.body;
}

export async function setPaySettings(admin: ApiClient, changes: Record<string, unknown>): Promise<void> {
  const response = await admin.patch("/api/admin/pay/settings", changes);
  if (response.status !== 200) fail("Changing the pay settings", response);
}
