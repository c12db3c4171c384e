/**
 * Reading and acting on alerts. Who sees an alert (alertsVisibleTo): admins every one of the
 * workspace; a tutor those on the students assigned to them, billing's apart; a guardian the
 * family-visible ones on their children. Outside, an alert does not exist (404). Staff
 * acknowledge an alert, plan an action (a note and a date) or dismiss it with a reason; an
 * alert resolved or dismissed is closed. Each change is audited.
 */
import { and, desc, eq, inArray, notInArray, type SQL, sql } from "drizzle-orm";
import {
  type Alert,
  type AlertList,
  type AlertListQuery,
  type AlertUpdate,
  LIVE_ALERT_STATUSES,
  OTHER_ALERT_KINDS,
  topicOf,
} from "../../../shared/schemas/health-alerts.ts";
import { type Actor, writeAudit } from "../../core/audit.ts";
import { isRecordId } from "../../core/ids.ts";
import { cappedTotal } from "../../core/list-total.ts";
import type { Database } from "../../db/client.ts";
import { healthAlert } from "../../db/alerts-schema.ts";
import { user } from "../../db/auth-schema.ts";
import { student } from "../../db/schema.ts";
import { type Queryable, withWorkspace } from "../../db/tenant.ts";
import { conflict, notFound } from "../../lib/app-error.ts";
import { type StudentReader, studentsVisibleTo } from "../students/index.ts";

export type AlertArea = "admin" | "tutor" | "parent";
const BILLING_KINDS = ["hoursLow", "invoiceOverdue"] as const;
const LEARNING_KINDS_SQL = OTHER_ALERT_KINDS;

/** The condition on health_alert (joined to student) for what the reader may see through `area`. */
export function alertsVisibleTo(reader: StudentReader, area: AlertArea, now: Date): SQL {
  const students = studentsVisibleTo(reader, area, now);
  if (area === "tutor") return and(students, notInArray(healthAlert.kind, [...BILLING_KINDS]))!;
  if (area === "parent") return and(students, eq(healthAlert.familyVisible, true))!;
  return students;
}

const readerOf = (actor: Actor): StudentReader => ({
  organizationId: actor.viewer.organizationId,
  memberId: actor.viewer.membership?.id ?? null,
  userId: actor.viewer.user.id,
});

const alertColumns = { alert: healthAlert, studentName: student.name, changedByName: user.name };
const joinedStudent = and(eq(student.organizationId, healthAlert.organizationId), eq(student.id, healthAlert.studentId));

export function toAlert(row: { alert: typeof healthAlert.$inferSelect; studentName: string; changedByName: string | null }, area: AlertArea): Alert {
  const { alert } = row;
  return {
    id: alert.id,
    studentId: alert.studentId,
    studentName: row.studentName,
    kind: alert.kind,
    topic: topicOf(alert.kind),
    severity: alert.severity,
    title: alert.title,
    evidence: alert.evidence,
    familyVisible: alert.familyVisible,
    status: alert.status,
    // What staff planned or why they dismissed stays with staff.
    actionNote: area === "parent" ? null : alert.actionNote,
    actionOn: area === "parent" ? null : alert.actionOn,
    dismissReason: area === "parent" ? null : alert.dismissReason,
    resolution: alert.resolution,
    openedAt: alert.openedAt.toISOString(),
    updatedAt: alert.updatedAt.toISOString(),
    changedByName: area === "parent" ? null : row.changedByName,
  };
}

const topicCondition = (topic: AlertListQuery["topic"]) => {
  if (topic === "billing") return inArray(healthAlert.kind, [...BILLING_KINDS]);
  if (topic === "reports") return eq(healthAlert.kind, "reportMissing");
  if (topic === "learning") return notInArray(healthAlert.kind, [...LEARNING_KINDS_SQL]);
  return undefined;
};

const isLive = inArray(healthAlert.status, [...LIVE_ALERT_STATUSES]);

/** What a list of alerts reads: the page's and total's conditions, and the live ones' (the badge, whatever the filter). */
export interface AlertListWhere {
  filters: SQL;
  live: SQL;
}

/** The conditions of a reader's list through `area`: what they see, then the state, topic and student asked. */
export function alertListWhere(
  organizationId: string,
  reader: StudentReader,
  area: AlertArea,
  query: Pick<AlertListQuery, "state" | "topic" | "studentId">,
  now: Date,
): AlertListWhere {
  const visible = and(eq(healthAlert.organizationId, organizationId), alertsVisibleTo(reader, area, now));
  return {
    filters: and(
      visible,
      query.state === "live" ? isLive : query.state === "closed" ? sql`${healthAlert.status} in ('resolved', 'dismissed')` : undefined,
      topicCondition(query.topic),
      query.studentId ? eq(healthAlert.studentId, query.studentId) : undefined,
    )!,
    live: and(visible, isLive)!,
  };
}

/** A page of the alerts matching `where`, newest first. Exported for the query-scaling benchmark, which EXPLAINs the list's own builders. */
export function alertPageQuery(tx: Queryable, where: SQL, pageSize: number, offset: number) {
  return tx
    .select(alertColumns)
    .from(healthAlert)
    .innerJoin(student, joinedStudent)
    .leftJoin(user, eq(user.id, healthAlert.changedByUserId))
    .where(where)
    .orderBy(desc(healthAlert.openedAt), desc(healthAlert.id))
    .limit(pageSize)
    .offset(offset);
}

/** The alerts matching `where` (for the list's total, or the live ones), to be counted by cappedTotal. Exported for the query-scaling benchmark. */
export function alertMatchesQuery(tx: Queryable, where: SQL) {
  return tx.select({ id: healthAlert.id }).from(healthAlert).innerJoin(student, joinedStudent).where(where);
}

/** GET …/alerts: newest first, live ones by default. */
export async function listAlerts(db: Database, actor: Actor, area: AlertArea, query: AlertListQuery, now: Date): Promise<AlertList> {
  const organizationId = actor.viewer.organizationId;
  if (query.studentId !== undefined && !isRecordId(query.studentId)) return { items: [], total: 0, totalIsAtLeast: false, live: 0, liveIsAtLeast: false };
  return withWorkspace(db, organizationId, async (tx) => {
    const where = alertListWhere(organizationId, readerOf(actor), area, query, now);
    const rows = await alertPageQuery(tx, where.filters, query.pageSize, (query.page - 1) * query.pageSize);
    // Closed alerts grow with the history and live ones with the caseload: each count stops at a
    // thousand and then says "more than" (core/list-total.ts).
    const total = await cappedTotal(tx, alertMatchesQuery(tx, where.filters));
    const live = await cappedTotal(tx, alertMatchesQuery(tx, where.live));
    return { items: rows.map((row) => toAlert(row, area)), ...total, live: live.total, liveIsAtLeast: live.totalIsAtLeast };
  });
}

async function visibleAlert(tx: Queryable, actor: Actor, area: AlertArea, alertId: string, now: Date) {
  if (!isRecordId(alertId)) throw notFound("The alert");
  const [row] = await tx
    .select(alertColumns)
    .from(healthAlert)
    .innerJoin(student, joinedStudent)
    .leftJoin(user, eq(user.id, healthAlert.changedByUserId))
    .where(and(eq(healthAlert.organizationId, actor.viewer.organizationId), eq(healthAlert.id, alertId), alertsVisibleTo(readerOf(actor), area, now)))
    .for("update", { of: healthAlert });
  if (!row) throw notFound("The alert");
  return row;
}

const AUDIT_WORDS: Record<AlertUpdate["status"], string> = {
  acknowledged: "acknowledged",
  action_planned: "planned an action on",
  dismissed: "dismissed",
};

/** PATCH …/alerts/{alertId}: acknowledge, plan an action, or dismiss a live alert. */
export async function updateAlert(db: Database, actor: Actor, area: "admin" | "tutor", alertId: string, input: AlertUpdate, now: Date): Promise<Alert> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const current = await visibleAlert(tx, actor, area, alertId, now);
    if (current.alert.status === "resolved") throw conflict("This alert has resolved itself; there is nothing left to do with it.");
    if (current.alert.status === "dismissed") throw conflict("This alert was dismissed already.");
    if (input.status === "acknowledged" && current.alert.status !== "open") throw conflict("This alert is acknowledged already: plan an action or dismiss it.");
    const [updated] = await tx
      .update(healthAlert)
      .set({
        status: input.status,
        actionNote: input.status === "action_planned" ? input.note : current.alert.actionNote,
        actionOn: input.status === "action_planned" ? input.on : current.alert.actionOn,
        dismissReason: input.status === "dismissed" ? input.reason : null,
        changedByUserId: actor.viewer.user.id,
        updatedAt: now,
      })
      .where(and(eq(healthAlert.organizationId, organizationId), eq(healthAlert.id, current.alert.id)))
      .returning();
    // The student is named by id (descriptions outlive an erasure, names must not), and the
    // entry joins the record's access log, which the family reads: the alert's wording, which
    // may be staff-only, stays out of it.
    await writeAudit(tx, {
      organizationId,
      userId: actor.viewer.user.id,
      actorRole: actor.viewer.membership.role,
      action: "HEALTH_ALERT_UPDATED",
      studentId: current.alert.studentId,
      description: `${actor.viewer.user.name} ${AUDIT_WORDS[input.status]} a ${topicOf(current.alert.kind)} alert`,
      ipAddress: actor.ipAddress,
    });
    return toAlert({ alert: updated!, studentName: current.studentName, changedByName: actor.viewer.user.name }, area);
  });
}
