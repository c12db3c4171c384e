/**
 * Marking students' health cards due to be recomputed, inside the transaction that changed an
 * input (a report filed or corrected, a session cancelled or moved, the rules published): the
 * student-health feature's due job then scores them within a minute. Here in core because the
 * features that change those inputs are themselves read by student health's cards.
 *
 * A student already due keeps the earliest time (first in line), but the row is still
 * rewritten: if the due job holds it while recomputing, the write waits for that job to commit
 * and its delete to land, then inserts the row anew. A student whose inputs changed while
 * their card was being computed from the older facts is thus due again, never dropped.
 * Students are written in id order, so that two transactions marking the same students take
 * their rows in the same order and never wait on each other in a circle.
 */
import { sql } from "drizzle-orm";
import { studentHealthDue } from "../db/health-schema.ts";
import type { Transaction } from "../db/tenant.ts";

const keepEarliest = { dueSince: sql`least(${studentHealthDue.dueSince}, excluded.due_since)` };

export async function markHealthDue(tx: Transaction, organizationId: string, studentIds: readonly string[], now: Date): Promise<void> {
  const ids = [...new Set(studentIds)].sort();
  if (ids.length === 0) return;
  await tx
    .insert(studentHealthDue)
    .values(ids.map((studentId) => ({ organizationId, studentId, dueSince: now })))
    .onConflictDoUpdate({ target: [studentHealthDue.organizationId, studentHealthDue.studentId], set: keepEarliest });
}

/** Every active student of the workspace (the nightly job: time alone moves some rules). */
export async function markActiveStudentsDue(tx: Transaction, organizationId: string, now: Date): Promise<number> {
  const result = await tx.execute(sql`
    insert into student_health_due (organization_id, student_id, due_since)
    select organization_id, id, ${now.toISOString()}::timestamptz from student
    where organization_id = ${organizationId} and status = 'active'
    order by id
    on conflict (organization_id, student_id) do update set due_since = least(student_health_due.due_since, excluded.due_since)`);
  return result.rowCount ?? 0;
}

/**
 * The active students of a payer account (a payment, a void, hours granted: their billing
 * alerts may clear). Marked in the same transaction as the billing change.
 */
export async function markAccountDue(tx: Transaction, organizationId: string, accountId: string, now: Date): Promise<void> {
  await tx.execute(sql`
    insert into student_health_due (organization_id, student_id, due_since)
    select organization_id, id, ${now.toISOString()}::timestamptz from student
    where organization_id = ${organizationId} and payer_account_id = ${accountId} and status = 'active'
    order by id
    on conflict (organization_id, student_id) do update set due_since = least(student_health_due.due_since, excluded.due_since)`);
}
