/**
 * Package hours running out of time: every hour, across workspaces,
 * - a grant past its expiry with minutes left gets one 'expiry' movement of those minutes
 *   (cause key expiry:<grant>), so its remaining is 0 and the hours history says why;
 * - a grant expiring within the workspace's warning days (billing settings) with minutes left
 *   gets one 'hours_expiring' notice for the family's digest (dedupe key expiring:<grant>).
 *
 * Safe with any number of runs at the same time: the cause and dedupe keys are unique, and
 * the movements are written under the workspace's money lock after reading what is left, so a
 * session drawing on the grant at that moment and the expiry never take the same minutes.
 */
import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { AppDeps } from "../../core/context.ts";
import { readSettings } from "../../core/settings/index.ts";
import { workspaceZone } from "../../core/workspace-time.ts";
import { billingNotice, hourGrant, hourMovement, packagePurchase } from "../../db/billing-schema.ts";
import { student } from "../../db/schema.ts";
import { withLookup, withWorkspace } from "../../db/tenant.ts";
import { defineScheduledJob } from "../../jobs/define.ts";
import { lockMoney } from "./allocations.ts";
import { describeMinutes, grantRemainingSql } from "./hours.ts";

/** The longest warning a workspace may set (billing_settings_expiry_warning_check). */
const MAX_WARNING_DAYS = 365;

export const hoursExpiryJob = defineScheduledJob({
  name: "billing-hours",
  cron: "7 * * * *",
  settings: { retryLimit: 0, expireInSeconds: 600, deleteAfterSeconds: 86_400 },
  async run(deps) {
    const result = await expireHours(deps);
    if (result.expired + result.warned > 0) deps.logger.info(result, "package hours expired or warned");
  },
});

/** Books the expired minutes and queues the expiry warnings of every workspace with grants near or past expiry. */
export async function expireHours(deps: AppDeps): Promise<{ expired: number; warned: number }> {
  const now = deps.clock.now();
  // A cross-workspace read on the owner connection, naming itself (withLookup): it sees only
  // hour_grant rows; each workspace's work then runs inside it.
  const workspaces = await withLookup(deps.db, "app.scan", "billing-hours", (tx) =>
    tx
      .selectDistinct({ organizationId: hourGrant.organizationId })
      .from(hourGrant)
      .where(lte(hourGrant.expiresAt, new Date(now.getTime() + MAX_WARNING_DAYS * 86_400_000))),
  );
  let expired = 0;
  let warned = 0;
  for (const { organizationId } of workspaces) {
    try {
      const done = await expireInWorkspace(deps, organizationId, now);
      expired += done.expired;
      warned += done.warned;
    } catch (error) {
      // This workspace is tried again next run; the others go on.
      deps.logger.error({ err: error, organizationId }, "package hours expiry failed");
    }
  }
  return { expired, warned };
}

async function expireInWorkspace(deps: AppDeps, organizationId: string, now: Date): Promise<{ expired: number; warned: number }> {
  return withWorkspace(deps.db, organizationId, async (tx) => {
    await lockMoney(tx, organizationId);
    const notYetBooked = sql`not exists (select 1 from hour_movement movement where movement.organization_id = hour_grant.organization_id and movement.cause_key = 'expiry:' || hour_grant.id)`;
    const due = await tx
      .select({ id: hourGrant.id, remaining: grantRemainingSql })
      .from(hourGrant)
      .where(and(eq(hourGrant.organizationId, organizationId), lte(hourGrant.expiresAt, now), notYetBooked, sql`${grantRemainingSql} > 0`));
    for (const grant of due) {
      await tx
        .insert(hourMovement)
        .values({ organizationId, grantId: grant.id, kind: "expiry", minutes: -Number(grant.remaining), causeKey: `expiry:${grant.id}`, createdAt: now })
        .onConflictDoNothing();
    }

    const { expiryWarningDays } = await readSettings(tx, organizationId, "billing");
    if (expiryWarningDays === 0) return { expired: due.length, warned: 0 };
    const zone = await workspaceZone(tx, organizationId);
    const soon = await tx
      .select({
        id: hourGrant.id,
        accountId: hourGrant.accountId,
        remaining: grantRemainingSql,
        expiresOn: sql<string>`(${hourGrant.expiresAt} at time zone ${zone})::date::text`,
        packageName: packagePurchase.name,
        studentName: student.name,
      })
      .from(hourGrant)
      .innerJoin(packagePurchase, and(eq(packagePurchase.organizationId, hourGrant.organizationId), eq(packagePurchase.id, hourGrant.purchaseId)))
      .leftJoin(student, and(eq(student.organizationId, hourGrant.organizationId), eq(student.id, hourGrant.studentId)))
      .where(
        and(
          eq(hourGrant.organizationId, organizationId),
          gt(hourGrant.expiresAt, now),
          lte(hourGrant.expiresAt, new Date(now.getTime() + expiryWarningDays * 86_400_000)),
          sql`${grantRemainingSql} > 0`,
        ),
      );
    let warned = 0;
    for (const grant of soon) {
      const whose = grant.studentName ? `${grant.studentName}'s` : "the family's";
      const [notice] = await tx
        .insert(billingNotice)
        .values({
          organizationId,
          accountId: grant.accountId,
          kind: "hours_expiring",
          dedupeKey: `expiring:${grant.id}`,
          text: `${describeMinutes(Number(grant.remaining))} of ${whose} package hours (${grant.packageName}) expire on ${grant.expiresOn}.`,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: billingNotice.id });
      if (notice) warned += 1;
    }
    return { expired: due.length, warned };
  });
}
