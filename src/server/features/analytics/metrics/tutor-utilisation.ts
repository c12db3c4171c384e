/**
 * Tutor utilisation: hours taught against hours of weekly availability over the period's days.
 * A slot (ISO weekday, local start and end in the tutor's zone) counts once on every day of
 * the period with its weekday, at its local length; the days are counted per weekday first,
 * so the work is the workspace's slots, not slots × days.
 */
import { sql } from "drizzle-orm";
import { tutorAvailability, tutorProfile, tutoringSession } from "../../../db/schema.ts";
import type { Transaction } from "../../../db/tenant.ts";
import { type Metric, type MetricScope, type Period, shareOf } from "../metric.ts";
import { sessionMinutes, sessionsInScope, tutorNameOf } from "../session-scope.ts";
import { completed } from "./teaching-parts.ts";

interface TutorLine extends Record<string, unknown> {
  member_id: string;
  name: string;
  taught: number;
  available: number;
}

/** Hours are the tutor's own work: a subject or student filter would not narrow availability alike. */
const tutorScope = (scope: MetricScope): MetricScope => ({ ...scope, subject: null, studentId: null });

/** Every tutor who is active with availability or taught in the period: minutes taught and available, the most used first. */
async function tutorLines(tx: Transaction, scope: MetricScope, period: Period): Promise<TutorLine[]> {
  const { rows } = await tx.execute<TutorLine>(sql`
    with days as (
      select extract(isodow from day)::int as weekday, count(*)::int as days
      from generate_series(${period.from}::date, ${period.to}::date, '1 day'::interval) as day
      group by 1
    ),
    available as (
      select ${tutorAvailability.memberId} as member_id, bool_or(${tutorProfile.status} = 'active') as active,
             sum(extract(epoch from ${tutorAvailability.endsAt} - ${tutorAvailability.startsAt}) / 60 * days.days)::float8 as minutes
      from ${tutorAvailability}
      join days on days.weekday = ${tutorAvailability.weekday}
      join ${tutorProfile} on ${tutorProfile.organizationId} = ${tutorAvailability.organizationId} and ${tutorProfile.memberId} = ${tutorAvailability.memberId}
      where ${tutorAvailability.organizationId} = ${scope.organizationId}
        ${scope.tutorMemberId ? sql`and ${tutorAvailability.memberId} = ${scope.tutorMemberId}` : sql``}
      group by ${tutorAvailability.memberId}
    ),
    taught as (
      select ${tutoringSession.tutorMemberId} as member_id, sum(${sessionMinutes})::float8 as minutes
      from ${tutoringSession}
      where ${sessionsInScope(tutorScope(scope), period)} and ${completed}
      group by ${tutoringSession.tutorMemberId}
    ),
    -- Materialized: the name's lookup below then compares a plain column, which row-level
    -- security lets it find through member's index; against the full join's coalesce it would
    -- read every member.
    lines as materialized (
      select coalesce(available.member_id, taught.member_id) as member_id, coalesce(taught.minutes, 0) as taught, coalesce(available.minutes, 0) as available
      from available full join taught on taught.member_id = available.member_id
      where available.active or taught.member_id is not null
    )
    select lines.member_id, round(lines.taught)::int as taught, round(lines.available)::int as available,
           ${tutorNameOf(scope.organizationId, sql`lines.member_id`)} as name
    from lines
    order by case when lines.available > 0 then lines.taught / lines.available end desc nulls last, name, lines.member_id`);
  return rows.map((row) => ({ ...row, taught: Number(row.taught), available: Number(row.available) }));
}

export const tutorUtilisation: Metric = {
  key: "tutor-utilisation",
  name: "Tutor utilisation",
  definition:
    "Hours taught (completed sessions, with their report filed, that started in the period) as a share of hours available: each weekly availability slot counts on every day of the period with its weekday, at its length in the tutor's own time. Availability keeps no history, so the slots as they stand now are used for any period. Listed: every active tutor with availability, and anyone who taught in the period. The overall share adds up the tutors with availability; a tutor who taught without any is listed without a share.",
  unit: "share",
  better: "higher",
  areas: ["admin"],
  filters: ["tutor"],
  async figure(tx, scope, period) {
    const lines = await tutorLines(tx, scope, period);
    const counted = lines.filter((line) => line.available > 0);
    const taught = counted.reduce((total, line) => total + line.taught, 0);
    const available = counted.reduce((total, line) => total + line.available, 0);
    return {
      value: shareOf(taught, available),
      chart: {
        kind: "category",
        labelHeading: "Tutor",
        labels: lines.map((line) => line.name),
        series: [{ name: "Utilisation", unit: "share", values: lines.map((line) => shareOf(line.taught, line.available)) }],
      },
    };
  },
  columns: [
    { key: "tutor", label: "Tutor", unit: "text" },
    { key: "taught", label: "Hours taught", unit: "minutes" },
    { key: "available", label: "Hours available", unit: "minutes" },
    { key: "utilisation", label: "Utilisation", unit: "share" },
  ],
  async rows(tx, scope, period, page) {
    // One line per tutor: a workspace has tens of tutors, not thousands, so the page is cut here.
    const lines = await tutorLines(tx, scope, period);
    return {
      total: lines.length,
      rows: lines.slice(page.offset, page.offset + page.limit).map((line) => ({
        record: { kind: "tutor", id: line.member_id },
        cells: { tutor: line.name, taught: line.taught, available: line.available, utilisation: shareOf(line.taught, line.available) },
      })),
    };
  },
};
