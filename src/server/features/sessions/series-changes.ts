/**
 * Changing "this and following" of a weekly series: the sessions concerned, and the split of
 * the series at the changed occurrence.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Actor } from "../../core/audit.ts";
import { sessionSeries, tutoringSession } from "../../db/schema.ts";
import type { Transaction } from "../../db/tenant.ts";
import type { SessionRow } from "./read-model.ts";
import { addLocalDays, weeklyRule } from "./series.ts";

/** The session and, for "following", the later scheduled sessions of its series (locked, in order). */
export async function targetsOf(tx: Transaction, organizationId: string, row: SessionRow, scope: "this" | "following"): Promise<SessionRow[]> {
  if (scope === "this" || !row.seriesId || !row.occurrenceDate) return [row];
  const later = await tx
    .select()
    .from(tutoringSession)
    .where(
      and(
        eq(tutoringSession.organizationId, organizationId),
        eq(tutoringSession.seriesId, row.seriesId),
        sql`${tutoringSession.occurrenceDate} > ${row.occurrenceDate}`,
        eq(tutoringSession.status, "scheduled"),
      ),
    )
    .orderBy(asc(tutoringSession.occurrenceDate))
    .for("update");
  return [row, ...later];
}

/**
 * Moves "this and following" onto a new series: the old one now ends the day before this
 * occurrence; the new one starts at this occurrence (at its new local time) and ends as the old did.
 */
export async function splitSeries(
  tx: Transaction,
  actor: Actor,
  row: SessionRow,
  targets: SessionRow[],
  firstLocalStart: string,
  durationMinutes: number,
  timeZone: string,
): Promise<string | null> {
  if (!row.seriesId || !row.occurrenceDate || targets.length === 0) return row.seriesId;
  const organizationId = actor.viewer.organizationId;
  const [old] = await tx
    .select()
    .from(sessionSeries)
    .where(and(eq(sessionSeries.organizationId, organizationId), eq(sessionSeries.id, row.seriesId)));
  if (!old) return row.seriesId;
  const lastDate = targets[targets.length - 1]!.occurrenceDate!;
  const until = old.untilDate && old.untilDate > lastDate ? old.untilDate : lastDate;
  const [created] = await tx
    .insert(sessionSeries)
    .values({
      organizationId,
      tutorMemberId: row.tutorMemberId,
      rule: weeklyRule({ until }),
      dtstartLocal: firstLocalStart,
      timeZone,
      durationMinutes,
      untilDate: until,
      count: null,
      createdByUserId: actor.viewer.user.id,
    })
    .returning({ id: sessionSeries.id });
  const oldUntil = addLocalDays(`${row.occurrenceDate}T00:00`, -1).slice(0, 10);
  await tx
    .update(sessionSeries)
    .set({ untilDate: oldUntil, count: null, rule: weeklyRule({ until: oldUntil }) })
    .where(and(eq(sessionSeries.organizationId, organizationId), eq(sessionSeries.id, old.id)));
  return created!.id;
}
