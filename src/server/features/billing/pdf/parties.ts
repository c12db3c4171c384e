/**
 * Who a billing document is from and to: the workspace (name, logo, business address,
 * currency, payment instructions) and the family's account with its payers' names.
 */
import { and, asc, eq } from "drizzle-orm";
import { readSettings } from "../../../core/settings/index.ts";
import { member, organization, user } from "../../../db/auth-schema.ts";
import { payerAccountMember } from "../../../db/billing-schema.ts";
import { payerAccount } from "../../../db/schema.ts";
import type { Queryable } from "../../../db/tenant.ts";

export interface DocumentParties {
  workspace: { name: string; logo: string | null; address: string };
  currency: string;
  locale: string;
  paymentInstructions: string;
  recipient: { name: string; lines: string[] };
}

export async function documentParties(tx: Queryable, organizationId: string, accountId: string): Promise<DocumentParties> {
  const [workspace] = await tx
    .select({ name: organization.name, logo: organization.logo, currency: organization.currency, locale: organization.locale })
    .from(organization)
    .where(eq(organization.id, organizationId));
  const settings = await readSettings(tx, organizationId, "billing");
  const [account] = await tx
    .select({ name: payerAccount.name })
    .from(payerAccount)
    .where(and(eq(payerAccount.organizationId, organizationId), eq(payerAccount.id, accountId)));
  const payers = await tx
    .select({ name: user.name })
    .from(payerAccountMember)
    .innerJoin(member, eq(member.id, payerAccountMember.memberId))
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(payerAccountMember.organizationId, organizationId), eq(payerAccountMember.accountId, accountId)))
    .orderBy(asc(user.name));
  return {
    workspace: { name: workspace?.name ?? "", logo: workspace?.logo ?? null, address: settings.businessAddress },
    currency: workspace?.currency ?? "USD",
    locale: workspace?.locale ?? "en",
    paymentInstructions: settings.paymentInstructions,
    recipient: { name: account?.name ?? "", lines: payers.length > 0 ? [`Payers: ${payers.map((payer) => payer.name).join(", ")}`] : [] },
  };
}
