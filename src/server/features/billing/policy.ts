/**
 * Who may see which family's billing. Admins (admin:billing:read) see every account of their
 * workspace; a parent sees only the accounts they are a payer of (payer_account_member with
 * their membership), and never a draft invoice. Anything outside answers 404: the viewer must
 * not learn that it exists. Every parent read of billing goes through payerOf.
 */
import { getTableName, type SQL, sql } from "drizzle-orm";
import type { Viewer } from "../../core/context.ts";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

const NOTHING = sql`false`;

/**
 * The condition "the account in accountColumn has the viewer among its payers" (their active
 * workspace). The outer column is written with its table's name: in a one-table select Drizzle
 * leaves columns unqualified, and inside the subquery an unqualified account_id would be the
 * payer row's own (always true).
 */
export function payerOf(viewer: Viewer, accountColumn: AnyPgColumn): SQL {
  const organizationId = viewer.organizationId;
  const memberId = viewer.membership?.id;
  if (!organizationId || !memberId) return NOTHING;
  const outer = sql`${sql.identifier(getTableName(accountColumn.table))}.${sql.identifier(accountColumn.name)}`;
  return sql`exists (select 1 from payer_account_member payer where payer.organization_id = ${organizationId} and payer.account_id = ${outer} and payer.member_id = ${memberId})`;
}
