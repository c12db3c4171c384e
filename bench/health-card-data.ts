/**
 * Health cards for the query-scaling benchmark, grown with the students: a card per student as
 * the recompute stores it (the default rules, version 1), but for 1 in 50 (students added since
 * the night's run: not scored yet), and eight daily snapshots each over the last five weeks for
 * the trend; 1 scored card in 50 more is new this week (only its snapshots of the last week).
 * Each card holds its latest snapshot at least a week old (week_old_*), as the recompute
 * writes it; the new ones have none (null), so the order by the week's change puts them last. Bands by k mod 10: 0 act (the missed share, misses in a row and the minutes: 50 or
 * 65), 1 and 2 watch (the missed share, with homework for some: 20 or 30), 3 on track with
 * homework (10), the rest on track with nothing firing. The reasons carry evidence, as real
 * ones do, so that a card is about the size of a real one.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../src/server/db/client.ts";
import { DEFAULT_HEALTH_RULES, type HealthFigures, type HealthReason, type HealthRuleKey } from "../src/shared/schemas/student-health.ts";

/** The rule the list is filtered by: it fires for the act band (1 student in 10). */
export const FILTERED_RULE: HealthRuleKey = "consecutiveMisses";
/** The days back from "now" of each student's snapshots. */
const SNAPSHOT_DAYS = [0, 3, 7, 10, 14, 21, 28, 35];
/** The card's week-old snapshot: the latest of them at least 7 days old. */
const WEEK_OLD_DAYS = Math.min(...SNAPSHOT_DAYS.filter((days) => days >= 7));
/** Cards scored for the first time this week (k mod 50 is this): no snapshot a week old yet. */
const NEW_THIS_WEEK = 25;

const evidence = (count: number, note: string) =>
  Array.from({ length: count }, (_, index) => ({
    sessionId: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
    startsAt: new Date(Date.UTC(2026, 9, 1 + 7 * index, 16)).toISOString(),
    note,
  }));
const reason = (rule: HealthRuleKey, points: number, text: string, sessions: number, note: string): HealthReason => ({
  rule,
  points,
  reason: `${text}: +${points}`,
  familyVisible: true,
  evidence: evidence(sessions, note),
});
const missed = (points: number) =>
  reason("missedShare", points, `Missed ${points === 35 ? 3 : 1} of 8 sessions in the last 8 weeks`, points === 35 ? 3 : 1, "missed (no-show)");
const PROFILES: HealthReason[][] = [
  [
    missed(35),
    reason("consecutiveMisses", 15, "Missed the last 2 sessions in a row", 2, "missed (no-show)"),
    reason("dosage", 15, "Received 300 of 480 minutes planned (63%)", 3, "missed (no-show)"),
  ],
  [
    missed(20),
    reason("consecutiveMisses", 15, "Missed the last 2 sessions in a row", 2, "missed (no-show)"),
    reason("dosage", 15, "Received 360 of 480 minutes planned (75%)", 2, "missed (no-show)"),
  ],
  [missed(20)],
  [missed(20), reason("homeworkNotDone", 10, "Homework not done in 3 of the latest 6 reports that set some", 3, "homework not done")],
  [reason("homeworkNotDone", 10, "Homework not done in 3 of the latest 6 reports that set some", 3, "homework not done")],
  [],
];
const FIGURES: HealthFigures = {
  windowFrom: "2026-09-26",
  windowWeeks: 8,
  held: 8,
  attended: 7,
  missed: 1,
  excused: 0,
  noShows: 1,
  lateCancellations: 0,
  absences: 0,
  attendancePercent: 88,
  missesInARow: 0,
  plannedMinutes: 480,
  receivedMinutes: 420,
  dosagePercent: 88,
  engagement: [4, 4, 3, 4, 4, 5, 4],
  understanding: [3, 3, 4, 4, 4, 4, 4],
  scores: [62, 70, 74],
  homework: { set: 6, completed: 4, partly: 1, notDone: 1 },
  daysSinceLastSession: 3,
};

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const bandOf = (score: string) => sql.raw(`case when ${score} >= 40 then 'act' when ${score} >= 20 then 'watch' else 'on_track' end`);

/** Cards and snapshots of students `from`..`to`; `studentId` is the SQL of student k's id. */
export async function generateHealthCards(
  db: Database,
  organizationId: string,
  now: Date,
  from: number,
  to: number,
  studentId: (k: string) => string,
): Promise<void> {
  if (from > to) return;
  await db.execute(sql`
    insert into health_rule_version (organization_id, version, rules, changes, published_at)
    values (${organizationId}, 1, ${json(DEFAULT_HEALTH_RULES)}, 'The default rules', ${now.toISOString()}::timestamptz)
    on conflict do nothing`);
  const profile = sql.raw(`(case k % 10 when 0 then 1 - (k / 10) % 2 when 1 then 2 when 2 then 3 when 3 then 4 else 5 end)`);
  const profiles = sql.join(
    PROFILES.map(
      (reasons, index) =>
        sql`(${index}::int, ${json(reasons)}, ${reasons.reduce((sum, item) => sum + item.points, 0)}::int, ${reasons[0]?.reason ?? null}::text)`,
    ),
    sql`, `,
  );
  // The score of each snapshot wanders within 10 of today's (some up, some down, some flat);
  // the card's week-old fields are its snapshot of WEEK_OLD_DAYS ago, by the same formula.
  const earlier = (score: string, days: string) => `greatest(0, least(100, ${score} + ((k + ${days}) % 21) - 10))`;
  const weekOld = earlier("p.score", String(WEEK_OLD_DAYS));
  const newThisWeek = `k % 50 = ${NEW_THIS_WEEK}`;
  await db.execute(sql`
    insert into student_health (organization_id, student_id, rule_version, score, band, points_total, family_score, family_band, top_reason, figures, reasons, computed_at,
                                week_old_day, week_old_score, week_old_family_score)
    select ${organizationId}, ${sql.raw(studentId("k"))}, 1, p.score, ${bandOf("p.score")}, p.score, p.score, ${bandOf("p.score")}, p.top_reason,
           ${json(FIGURES)}, p.reasons, ${now.toISOString()}::timestamptz,
           case when not ${sql.raw(newThisWeek)} then (${now.toISOString()}::timestamptz at time zone 'UTC')::date - ${WEEK_OLD_DAYS}::int end,
           case when not ${sql.raw(newThisWeek)} then ${sql.raw(weekOld)} end, case when not ${sql.raw(newThisWeek)} then ${sql.raw(weekOld)} end
    from generate_series(${from}::int, ${to}::int) as k
    join (values ${profiles}) as p (profile, reasons, score, top_reason) on p.profile = ${profile}
    where k % 50 <> 0`);
  await db.execute(sql`
    insert into student_health_day (organization_id, student_id, day, score, band, family_score, family_band, rule_version)
    select ${organizationId}, h.student_id, (${now.toISOString()}::timestamptz at time zone 'UTC')::date - d,
           ${sql.raw(earlier("h.score", "d"))}, ${bandOf(earlier("h.score", "d"))}, ${sql.raw(earlier("h.score", "d"))}, ${bandOf(earlier("h.score", "d"))}, 1
    from generate_series(${from}::int, ${to}::int) as k
    join student_health as h on h.organization_id = ${organizationId} and h.student_id = ${sql.raw(studentId("k"))}
    cross join unnest(array[${sql.raw(SNAPSHOT_DAYS.join(","))}]) as d
    where d < ${WEEK_OLD_DAYS} or not ${sql.raw(newThisWeek)}`);
}
