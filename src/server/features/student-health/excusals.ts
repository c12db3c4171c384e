/**
 * Absences excused by an accepted contest (health_excusal): the session stays what happened
 * in the attendance record and in billing, but the card counts it as excused, not missed.
 */
import { and, eq, inArray } from "drizzle-orm";
import { healthExcusal } from "../../db/alerts-schema.ts";
import type { Transaction } from "../../db/tenant.ts";
import type { HealthFacts } from "./rules.ts";

export async function applyExcusals(tx: Transaction, organizationId: string, facts: Map<string, HealthFacts>): Promise<void> {
  if (facts.size === 0) return;
  const rows = await tx
    .select({ studentId: healthExcusal.studentId, sessionId: healthExcusal.sessionId })
    .from(healthExcusal)
    .where(and(eq(healthExcusal.organizationId, organizationId), inArray(healthExcusal.studentId, [...facts.keys()])));
  for (const { studentId, sessionId } of rows) {
    const studentFacts = facts.get(studentId);
    if (!studentFacts) continue;
    studentFacts.sessions = studentFacts.sessions.map((session) =>
      session.sessionId === sessionId && session.outcome === "missed"
        ? { sessionId, startsAt: session.startsAt, minutes: session.minutes, outcome: "excused", excusedOnQuestion: true }
        : session,
    );
  }
}
