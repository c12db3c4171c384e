/**
 * Acknowledged policies. A workspace resource that requires acknowledgement asks each person
 * of its audience to acknowledge its current version, by name and date; a new version asks
 * again. Admins see who has and who has not, and may send everyone still awaiting a reminder:
 * one mail per person naming every document awaiting them (a digest), sent by a job so that
 * a request never mails thousands of people itself.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Area } from "../../../shared/roles.ts";
import type { AcknowledgementList, AcknowledgementListQuery } from "../../../shared/schemas/resources.ts";
import { type Actor, writeAudit } from "../../core/audit.ts";
import type { AppDeps } from "../../core/context.ts";
import { notify } from "../../core/notify.ts";
import { resource, resourceAcknowledgement } from "../../db/resources-schema.ts";
import { organization } from "../../db/schema.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import { defineQueue } from "../../jobs/define.ts";
import { AppError, conflictOn, invalidField } from "../../lib/app-error.ts";
import { mails } from "../../mail/templates.ts";
import { member } from "../../db/auth-schema.ts";
import { acknowledgementCounts, awaitingUsers, listAcknowledgements } from "./audience.ts";
import { findVisibleResource } from "./read.ts";
import { isAskedToAcknowledge } from "./shape.ts";

const notAsked = () => new AppError("VALIDATION_FAILED", 422, "This resource does not ask you to acknowledge it.");

/** The viewer acknowledges the version they read, which must be the current one. Acknowledging it again changes nothing. */
export async function acknowledge(deps: AppDeps, actor: Actor, area: Area, resourceId: string, version: number): Promise<{ version: number; at: string }> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(deps.db, organizationId, async (tx) => {
    const row = await findVisibleResource(tx, actor.viewer, area, resourceId);
    if (!isAskedToAcknowledge(area, row)) throw notAsked();
    if (version > row.currentVersion)
      throw invalidField("version", `Version ${version} does not exist: the current version is ${row.currentVersion}. Acknowledge the current version.`);
    if (version !== row.currentVersion)
      throw conflictOn(
        "version",
        `Version ${version} is not the current one: version ${row.currentVersion} replaced it. Read the current version, then acknowledge it.`,
      );
    const now = deps.clock.now();
    const [written] = await tx
      .insert(resourceAcknowledgement)
      .values({ organizationId, resourceId: row.id, version, userId: actor.viewer.user.id, name: actor.viewer.user.name, acknowledgedAt: now })
      .onConflictDoNothing()
      .returning();
    if (written) {
      await writeAudit(tx, {
        organizationId,
        userId: actor.viewer.user.id,
        actorRole: actor.viewer.role,
        action: "RESOURCE_ACKNOWLEDGED",
        description: `${actor.viewer.user.name} acknowledged version ${version} of "${row.title}"`,
        ipAddress: actor.ipAddress,
        metadata: { resourceId: row.id, version },
      });
      return { version, at: now.toISOString() };
    }
    const [existing] = await tx
      .select({ at: resourceAcknowledgement.acknowledgedAt })
      .from(resourceAcknowledgement)
      .where(
        and(
          eq(resourceAcknowledgement.organizationId, organizationId),
          eq(resourceAcknowledgement.resourceId, row.id),
          eq(resourceAcknowledgement.version, version),
          eq(resourceAcknowledgement.userId, actor.viewer.user.id),
        ),
      );
    return { version, at: existing!.at.toISOString() };
  });
}

const noAcknowledgement = () => new AppError("VALIDATION_FAILED", 422, "This resource does not require acknowledgement.");

export async function acknowledgementsOf(deps: AppDeps, actor: Actor, resourceId: string, query: AcknowledgementListQuery): Promise<AcknowledgementList> {
  return withWorkspace(deps.db, actor.viewer.organizationId, async (tx) => {
    const row = await findVisibleResource(tx, actor.viewer, "admin", resourceId);
    if (!row.requiresAcknowledgement) throw noAcknowledgement();
    return listAcknowledgements(tx, row, query);
  });
}

/** How many people one run of the reminder job mails; the next batch is its own job. */
export const REMINDER_BATCH_SIZE = 500;

/** One batch of a resource's reminders: the awaiting people after `afterMemberId` (from the start without it). */
export interface ReminderBatch {
  organizationId: string;
  resourceId: string;
  afterMemberId?: string;
}

export const acknowledgementReminderQueue = defineQueue<ReminderBatch>({
  name: "acknowledgement-reminders",
  settings: { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 600 },
  async work(deps, data) {
    await sendReminders(deps, data);
  },
});

/** Queues the reminder (audited) and answers how many people it will reach. */
export async function remindAwaiting(deps: AppDeps, actor: Actor, resourceId: string): Promise<{ awaiting: number }> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(deps.db, organizationId, async (tx) => {
    const row = await findVisibleResource(tx, actor.viewer, "admin", resourceId);
    if (!row.requiresAcknowledgement) throw noAcknowledgement();
    // Counted, not read: the job reads who they are (at 1M members, some 90,000 parents).
    const { awaiting } = await acknowledgementCounts(tx, row);
    if (awaiting === 0) throw new AppError("CONFLICT", 409, "Everyone it is for has acknowledged the current version: nobody to remind.");
    await deps.jobs.send(tx, acknowledgementReminderQueue, { organizationId, resourceId: row.id });
    await writeAudit(tx, {
      organizationId,
      userId: actor.viewer.user.id,
      actorRole: actor.viewer.role,
      action: "RESOURCE_REMINDERS_SENT",
      description: `${actor.viewer.user.name} reminded ${awaiting} ${awaiting === 1 ? "person" : "people"} to acknowledge "${row.title}"`,
      ipAddress: actor.ipAddress,
      metadata: { resourceId: row.id, version: row.currentVersion, awaiting },
    });
    return { awaiting };
  });
}

/** The workspace documents awaiting a person's acknowledgement, with the role they are asked as: one reminder's titles. */
export function awaitingTitlesQuery(tx: Transaction, organizationId: string, userId: string) {
  return tx
    .select({ title: resource.title, role: member.role })
    .from(resource)
    .innerJoin(member, and(eq(member.organizationId, resource.organizationId), eq(member.userId, userId)))
    .where(
      and(
        eq(resource.organizationId, organizationId),
        eq(resource.requiresAcknowledgement, true),
        sql`${resource.ownerMemberId} is null and ${member.role} = any(${resource.audience})`,
        sql`not exists (select 1 from resource_acknowledgement a where a.organization_id = ${resource.organizationId} and a.resource_id = ${resource.id} and a.version = ${resource.currentVersion} and a.user_id = ${userId})`,
      ),
    )
    .orderBy(asc(resource.title));
}

/**
 * Mails each person of one batch still awaiting the resource one digest of every workspace
 * document awaiting their acknowledgement, and queues the next batch. A batch's mails and the
 * next batch are queued in one transaction: a retried batch after a failure mails nobody
 * twice, since nothing of it was queued, and a large audience (some 90,000 parents at 1M
 * members) is never one long transaction.
 */
export async function sendReminders(
  deps: Pick<AppDeps, "db" | "jobs" | "config">,
  batch: ReminderBatch,
  batchSize = REMINDER_BATCH_SIZE,
): Promise<{ reminded: number; more: boolean }> {
  const { organizationId, resourceId } = batch;
  return withWorkspace(deps.db, organizationId, async (tx) => {
    const [row] = await tx
      .select()
      .from(resource)
      .where(and(eq(resource.organizationId, organizationId), eq(resource.id, resourceId)));
    if (!row || !row.requiresAcknowledgement) return { reminded: 0, more: false };
    const [workspace] = await tx.select({ name: organization.name }).from(organization).where(eq(organization.id, organizationId));
    const people = await awaitingUsers(tx, row, { afterMemberId: batch.afterMemberId, limit: batchSize });
    for (const person of people) {
      const awaitingTitles = await awaitingTitlesQuery(tx, organizationId, person.userId);
      const role = awaitingTitles[0]?.role ?? "parent";
      await notify(
        deps.jobs,
        tx,
        mails.acknowledgementReminder({
          to: person.email,
          name: person.name,
          workspace: workspace?.name ?? "Your tutoring business",
          titles: awaitingTitles.map((entry) => entry.title),
          url: `${deps.config.appUrl}/${role}/resources`,
        }),
      );
    }
    const last = people.at(-1);
    const more = people.length === batchSize && last !== undefined;
    if (more) await deps.jobs.send(tx, acknowledgementReminderQueue, { organizationId, resourceId, afterMemberId: last.memberId });
    return { reminded: people.length, more };
  });
}
