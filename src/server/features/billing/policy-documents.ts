/**
 * The cancellation policies an invoice's lines were priced under, with the library document
 * each cited and the family's acknowledgements of it: a family sees the policy that priced a
 * late cancellation, and when they acknowledged it.
 */
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { InvoicePolicy } from "../../../shared/schemas/billing-invoices.ts";
import { member } from "../../db/auth-schema.ts";
import { cancellationPolicyVersion, payerAccountMember } from "../../db/billing-schema.ts";
import { resource, resourceAcknowledgement } from "../../db/resources-schema.ts";
import type { Transaction } from "../../db/tenant.ts";

/** The attendance of a line the cancellation policy priced. */
export const CHARGED_MISSES: ReadonlySet<string> = new Set(["late_cancelled", "no_show", "absent"]);

export async function policiesOf(tx: Transaction, organizationId: string, accountId: string, policyVersionIds: string[]): Promise<InvoicePolicy[]> {
  if (policyVersionIds.length === 0) return [];
  const versions = await tx
    .select({ policy: cancellationPolicyVersion, title: resource.title })
    .from(cancellationPolicyVersion)
    .leftJoin(
      resource,
      and(eq(resource.organizationId, cancellationPolicyVersion.organizationId), eq(resource.id, cancellationPolicyVersion.documentResourceId)),
    )
    .where(and(eq(cancellationPolicyVersion.organizationId, organizationId), inArray(cancellationPolicyVersion.id, [...new Set(policyVersionIds)])))
    .orderBy(asc(cancellationPolicyVersion.version));
  const policies: InvoicePolicy[] = [];
  for (const { policy, title } of versions) {
    const documentId = policy.documentResourceId;
    const acknowledgements =
      documentId && policy.documentVersion
        ? await tx
            .select({ name: resourceAcknowledgement.name, version: resourceAcknowledgement.version, at: resourceAcknowledgement.acknowledgedAt })
            .from(resourceAcknowledgement)
            .innerJoin(member, and(eq(member.organizationId, resourceAcknowledgement.organizationId), eq(member.userId, resourceAcknowledgement.userId)))
            .innerJoin(
              payerAccountMember,
              and(
                eq(payerAccountMember.organizationId, member.organizationId),
                eq(payerAccountMember.memberId, member.id),
                eq(payerAccountMember.accountId, accountId),
              ),
            )
            .where(
              and(
                eq(resourceAcknowledgement.organizationId, organizationId),
                eq(resourceAcknowledgement.resourceId, documentId),
                lte(resourceAcknowledgement.version, policy.documentVersion),
              ),
            )
            .orderBy(sql`${resourceAcknowledgement.version} desc`, asc(resourceAcknowledgement.acknowledgedAt))
        : [];
    policies.push({
      id: policy.id,
      version: policy.version,
      noticeHours: policy.noticeHours,
      lateCancellationShareBps: policy.lateCancellationShareBps,
      noShowShareBps: policy.noShowShareBps,
      effectiveFrom: policy.effectiveFrom.toISOString(),
      document:
        documentId && policy.documentVersion
          ? {
              resourceId: documentId,
              title: title ?? "The cancellation policy",
              version: policy.documentVersion,
              acknowledgements: acknowledgements.map((entry) => ({ name: entry.name, version: entry.version, at: entry.at.toISOString() })),
            }
          : null,
    });
  }
  return policies;
}
