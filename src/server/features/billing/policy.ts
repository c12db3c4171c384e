/**
 * Who may see which family's billing. Admins (admin:billing:read) see every account of their
 * workspace; a parent sees only the accounts they are a payer of (payer_account_member with
 * their membership), and never a draft invoice. Anything outside answers 404: the viewer must
 * not learn that it exists. Every parent read of billing goes through payerOf.
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Viewer } from "../../core/context.ts";
import { payerAccountMember } from "../../db/billing-schema.ts";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

const NOTHING = sql`false`;

/** The condition "the account in accountColumn has the viewer among its payers" (their active workspace). */
export function payerOf(viewer: Viewer, accountColumn: AnyPgColumn): SQL {
  const organizationId = viewer.organizationId;
  const memberId = viewer.membership?.id;
  if (!organizationId || !memberId) return NOTHING;
  return sql`exists (select 1 from ${payerAccountMember} where ${and(
    eq(payerAccountMember.organizationId, organizationId),
    eq(payerAccountMember.accountId, accountColumn),
    eq(payerAccountMember.memberId, memberId),
  )})`;
}
