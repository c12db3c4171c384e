/**
 * The cancellation policy, versioned: the notice hours (session settings), the shares
 * charged for a late cancellation and a no-show (billing settings), and the version of the
 * library's document that states it, if billing names one. Each change of any of these
 * appends a version effective from that moment; the version in force when a session is
 * cancelled or marked prices it, and the invoice line cites it. A workspace's first version
 * is written the first time one is needed, effective from the workspace's creation.
 */
import { and, desc, eq, lte, sql } from "drizzle-orm";
import { cancellationPolicyVersion } from "../db/billing-schema.ts";
import { resource } from "../db/resources-schema.ts";
import { invalidField } from "../lib/app-error.ts";
import { organization } from "../db/schema.ts";
import type { Transaction } from "../db/tenant.ts";
import { billingSettings } from "./settings/billing.ts";
import { sessionSettings } from "./settings/sessions.ts";

export type PolicyVersion = typeof cancellationPolicyVersion.$inferSelect;

const lockKey = (organizationId: string) => sql`hashtextextended(${`cancellation-policy:${organizationId}`}, 0)`;

async function currentTerms(tx: Transaction, organizationId: string) {
  // The sections themselves, not readSettings: the settings registry calls this module.
  const sessions = (await sessionSettings.load(tx, organizationId)) ?? sessionSettings.defaults;
  const billing = (await billingSettings.load(tx, organizationId)) ?? billingSettings.defaults;
  const documentId = billing.cancellationPolicyResourceId;
  const [document] = documentId
    ? await tx
        .select({ version: resource.currentVersion })
        .from(resource)
        .where(and(eq(resource.organizationId, organizationId), eq(resource.id, documentId)))
    : [];
  return {
    noticeHours: sessions.lateCancellationHours,
    lateCancellationShareBps: billing.lateCancellationShareBps,
    noShowShareBps: billing.noShowShareBps,
    documentResourceId: document ? documentId : null,
    documentVersion: document?.version ?? null,
  };
}

async function latestVersion(tx: Transaction, organizationId: string): Promise<PolicyVersion | undefined> {
  const [latest] = await tx
    .select()
    .from(cancellationPolicyVersion)
    .where(eq(cancellationPolicyVersion.organizationId, organizationId))
    .orderBy(desc(cancellationPolicyVersion.version))
    .limit(1);
  return latest;
}

/** Writes version 1 from the settings as they stand, if the workspace has no version yet. */
export async function ensureFirstPolicyVersion(tx: Transaction, organizationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${lockKey(organizationId)})`);
  if (await latestVersion(tx, organizationId)) return;
  const [workspace] = await tx.select({ createdAt: organization.createdAt }).from(organization).where(eq(organization.id, organizationId));
  await tx.insert(cancellationPolicyVersion).values({
    organizationId,
    version: 1,
    ...(await currentTerms(tx, organizationId)),
    effectiveFrom: workspace?.createdAt ?? new Date(0),
    createdByUserId: null,
  });
}

/** After the settings or the policy's document changed: a new version when the terms differ from the latest one. */
export async function recordPolicyVersion(tx: Transaction, organizationId: string, actorUserId: string | null, now: Date): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${lockKey(organizationId)})`);
  const latest = await latestVersion(tx, organizationId);
  const terms = await currentTerms(tx, organizationId);
  if (
    latest &&
    latest.noticeHours === terms.noticeHours &&
    latest.lateCancellationShareBps === terms.lateCancellationShareBps &&
    latest.noShowShareBps === terms.noShowShareBps &&
    latest.documentResourceId === terms.documentResourceId &&
    latest.documentVersion === terms.documentVersion
  )
    return;
  await tx
    .insert(cancellationPolicyVersion)
    .values({ organizationId, version: (latest?.version ?? 0) + 1, ...terms, effectiveFrom: now, createdByUserId: actorUserId });
}

/** The version in force at `at` (the first version when `at` is earlier than every version). */
export async function policyInForce(tx: Transaction, organizationId: string, at: Date): Promise<PolicyVersion> {
  await ensureFirstPolicyVersion(tx, organizationId);
  const [inForce] = await tx
    .select()
    .from(cancellationPolicyVersion)
    .where(and(eq(cancellationPolicyVersion.organizationId, organizationId), lte(cancellationPolicyVersion.effectiveFrom, at)))
    .orderBy(desc(cancellationPolicyVersion.version))
    .limit(1);
  if (inForce) return inForce;
  const [first] = await tx
    .select()
    .from(cancellationPolicyVersion)
    .where(and(eq(cancellationPolicyVersion.organizationId, organizationId), eq(cancellationPolicyVersion.version, 1)));
  return first!;
}

/** Whether a resource may be named as the policy's document: the workspace's own, for parents, asking them to acknowledge it. */
export async function checkPolicyDocument(tx: Transaction, organizationId: string, resourceId: string, field: string): Promise<void> {
  const [row] = await tx
    .select()
    .from(resource)
    .where(and(eq(resource.organizationId, organizationId), eq(resource.id, resourceId)));
  if (!row || row.ownerMemberId !== null) throw invalidField(field, "Choose a document of the workspace's library.");
  if (!(row.audience as string[]).includes("parent") || !row.requiresAcknowledgement)
    throw invalidField(field, "The cancellation policy document must be for parents and require their acknowledgement.");
}
