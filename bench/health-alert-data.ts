/**
 * Health alerts and families' contests for the query-scaling benchmark.
 *
 * Standing alerts (open, acknowledged, action planned, or dismissed and quiet: cleared_at null)
 * grow with the students, as they do in a workspace: one per rule that fires on a watch or act
 * card (its reason's wording and evidence, at the card's band), and billing's and the
 * operational ones on some students whatever their band (hours low 1 in 23, an invoice
 * overdue 1 in 29, a missing report 1 in 31). They were opened over the last eight weeks, so
 * a day holds about 1 in 56 of them: 6 in 10 open, 2 acknowledged, 1.2 with an action planned,
 * 0.8 dismissed.
 *
 * The history grows with the data: N cleared alerts at size N (about 1M at the largest), one
 * every ALERT_STEP_SECONDS going back from "now", over every student made so far and every
 * kind; 9 in 10 resolved by themselves, 1 in 10 dismissed, cleared 1 to 20 days after opening.
 * Families see the health ones (but 1 in 4, from a time their rule was staff-only) and
 * billing's, never a missing report.
 *
 * Contests: one on every 20th session (its student's guardian asking about a point, two days
 * after it), answered or accepted but 1 in 20 of them still open (forgotten ones grow with the
 * history, as the cancellation requests' do).
 */
import { sql } from "drizzle-orm";
import type { Database } from "../src/server/db/client.ts";
import { ALERT_KINDS, CONTEST_POINTS } from "../src/shared/schemas/health-alerts.ts";

/** One history alert every this many seconds going back from "now": 1M span about 3.8 years. */
const ALERT_STEP_SECONDS = 120;
/** Standing alerts were opened within this many minutes before "now" (eight weeks). */
const STANDING_SPAN_MINUTES = 56 * 24 * 60;
/** Billing's and the operational standing alerts: a student k with k mod n = 0 has one. */
const OTHER_STANDING: { kind: (typeof ALERT_KINDS)[number]; every: number; severity: "watch" | "act"; title: string; familyVisible: boolean }[] = [
  { kind: "hoursLow", every: 23, severity: "watch", title: "1.5 hours left on the package", familyVisible: true },
  { kind: "invoiceOverdue", every: 29, severity: "act", title: "Invoice INV-0001234 is 15 days overdue", familyVisible: true },
  { kind: "reportMissing", every: 31, severity: "watch", title: "No report 2 days after the session of 3 Nov", familyVisible: false },
];
const EVIDENCE = JSON.stringify([
  { sessionId: "00000000-0000-4000-8000-000000000001", startsAt: "2026-10-06T16:00:00.000Z", note: "missed (no-show)" },
  { sessionId: "00000000-0000-4000-8000-000000000002", startsAt: "2026-10-13T16:00:00.000Z", note: "missed (no-show)" },
]);

/** The standing status of alert `hash` (0–99): open, acknowledged, action planned or dismissed (quiet). */
const standingStatus = (hash: string) =>
  `(case when ${hash} < 60 then 'open' when ${hash} < 80 then 'acknowledged' when ${hash} < 92 then 'action_planned' else 'dismissed' end)`;
/** The status (SQL), then action_note, action_on, dismiss_reason and changed_by_user_id for it. */
const staffFields = (status: string) => `${status}, case when ${status} = 'action_planned' then 'Call the family about the missed sessions' end,
           case when ${status} = 'action_planned' then date '2026-11-24' end,
           case when ${status} = 'dismissed' then 'Known: the family is away this month' end,
           case when ${status} <> 'open' then 'bench-user-3' end`;

/**
 * The standing alerts of students `from`..`to` (their cards made already); `studentId` is the
 * SQL of student k's id.
 */
export async function generateStandingAlerts(
  db: Database,
  organizationId: string,
  now: Date,
  from: number,
  to: number,
  studentId: (k: string) => string,
): Promise<void> {
  if (from > to) return;
  const nowSql = `timestamptz '${now.toISOString()}'`;
  // Each rule firing on a watch or act card: the kind's position spreads the times and statuses.
  const healthHash = "((k * 7919 + r.position * 131) % 100)";
  const healthOpened = `(${nowSql} - make_interval(mins => ((k * 7919 + r.position * 104729) % ${STANDING_SPAN_MINUTES})::int))`;
  await db.execute(sql`
    insert into health_alert (organization_id, id, student_id, kind, severity, family_visible, title, evidence, status, action_note, action_on, dismiss_reason,
                              changed_by_user_id, opened_at, updated_at)
    select ${organizationId}, md5('ha' || k || '-' || r.position)::uuid, h.student_id, r.value ->> 'rule', h.band,
           (r.value ->> 'familyVisible')::boolean and h.family_band <> 'on_track', r.value ->> 'reason', r.value -> 'evidence',
           ${sql.raw(staffFields(standingStatus(healthHash)))},
           ${sql.raw(healthOpened)}, ${sql.raw(healthOpened)}
    from generate_series(${from}::int, ${to}::int) as k
    join student_health as h on h.organization_id = ${organizationId} and h.student_id = ${sql.raw(studentId("k"))}
    cross join jsonb_array_elements(h.reasons) with ordinality as r (value, position)
    where h.band <> 'on_track'`);
  for (const [index, other] of OTHER_STANDING.entries()) {
    const hash = `((k * 7919 + ${index + 11} * 131) % 100)`;
    const opened = `(${nowSql} - make_interval(mins => (k * 7919 + ${index + 11} * 104729) % ${STANDING_SPAN_MINUTES}))`;
    await db.execute(sql`
      insert into health_alert (organization_id, id, student_id, kind, severity, family_visible, title, evidence, status, action_note, action_on, dismiss_reason,
                                changed_by_user_id, opened_at, updated_at)
      select ${organizationId}, md5('ho' || k || '-' || ${other.kind}::text)::uuid, ${sql.raw(studentId("k"))}, ${other.kind}, ${other.severity}, ${other.familyVisible},
             ${other.title}, '[]'::jsonb, ${sql.raw(staffFields(standingStatus(hash)))},
             ${sql.raw(opened)}, ${sql.raw(opened)}
      from generate_series(${from}::int, ${to}::int) as k
      where k % ${other.every} = 0`);
  }
}

/** History alerts `from`..`to` over the first `students` students, all cleared. */
export async function generateAlertHistory(
  db: Database,
  organizationId: string,
  now: Date,
  from: number,
  to: number,
  students: number,
  studentId: (k: string) => string,
): Promise<void> {
  const kinds = `(array[${ALERT_KINDS.map((kind) => `'${kind}'`).join(",")}])`;
  const kind = `${kinds}[1 + g % ${ALERT_KINDS.length}]`;
  const opened = `(timestamptz '${now.toISOString()}' - make_interval(secs => g * ${ALERT_STEP_SECONDS}))`;
  const cleared = `(${opened} + make_interval(days => 1 + (g / 7) % 20))`;
  const dismissed = "g % 10 = 3";
  await db.execute(sql`
    insert into health_alert (organization_id, id, student_id, kind, severity, family_visible, title, evidence, status, dismiss_reason, resolution,
                              changed_by_user_id, opened_at, updated_at, cleared_at)
    select ${organizationId}, md5('hh' || g)::uuid, ${sql.raw(studentId(`(1 + (g::bigint * 7919) % ${students})`))}, ${sql.raw(kind)},
           case when g % 3 = 0 then 'act' else 'watch' end,
           case when ${sql.raw(kind)} = 'reportMissing' then false when ${sql.raw(kind)} in ('hoursLow', 'invoiceOverdue') then true else g % 4 <> 1 end,
           'Benchmark alert ' || g, ${EVIDENCE}::jsonb,
           case when ${sql.raw(dismissed)} then 'dismissed' else 'resolved' end,
           case when ${sql.raw(dismissed)} then 'Known: the family is away this month' end,
           case when not ${sql.raw(dismissed)} then 'Resolved by itself on ' || to_char(${sql.raw(cleared)}, 'DD Mon') || ': the rule no longer fires.' end,
           case when ${sql.raw(dismissed)} then 'bench-user-3' end,
           ${sql.raw(opened)}, ${sql.raw(cleared)}, ${sql.raw(cleared)}
    from generate_series(${from}::int, ${to}::int) as g`);
}

/**
 * Contests on sessions `from`..`to` (every 20th), by the guardian of the session's student:
 * `sessionStudent` and `guardianUser` are the SQL of session k's student id and that student's
 * guardian's user id, `sessionStartsAt` of its start.
 */
export async function generateContests(
  db: Database,
  organizationId: string,
  now: Date,
  from: number,
  to: number,
  of: { sessionId: string; sessionStudent: string; guardianUser: string; sessionStartsAt: string },
): Promise<void> {
  const points = `(array[${CONTEST_POINTS.map((point) => `'${point}'`).join(",")}])[1 + (k / 20) % ${CONTEST_POINTS.length}]`;
  const raised = `least(${of.sessionStartsAt} + interval '2 days', timestamptz '${now.toISOString()}' - interval '1 minute')`;
  const answered = `least(${raised} + interval '1 day', timestamptz '${now.toISOString()}')`;
  const open = "k % 400 = 0";
  await db.execute(sql`
    insert into health_contest (organization_id, id, student_id, session_id, point, message, raised_by_user_id, raised_at, status, answer, answered_by_user_id, answered_at)
    select ${organizationId}, md5('hc' || k)::uuid, ${sql.raw(of.sessionStudent)}, ${sql.raw(of.sessionId)}, ${sql.raw(points)},
           'We think this is not right: could you check?', ${sql.raw(of.guardianUser)}, ${sql.raw(raised)},
           case when ${sql.raw(open)} then 'open' when k % 80 = 20 then 'accepted' else 'answered' end,
           case when not ${sql.raw(open)} then 'Checked with the tutor: thank you.' end,
           case when not ${sql.raw(open)} then 'bench-user-3' end,
           case when not ${sql.raw(open)} then ${sql.raw(answered)} end
    from generate_series(${from}::int, ${to}::int) as k
    where k % 20 = 0`);
}
