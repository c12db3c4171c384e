/**
 * What the playbook's steps read from the workspace: a handful of counts and settings, read
 * once per request. Each count stops at what a step needs (a limit inside the subquery), so a
 * large workspace costs no more than a new one.
 */
import { sql } from "drizzle-orm";
import { readSettings } from "../../core/settings/index.ts";
import type { Transaction } from "../../db/tenant.ts";
import { workspaceFigure } from "../analytics/index.ts";

export interface PlaybookFacts {
  activeTutors: number;
  tutorsWithAvailability: number;
  packagesOnSale: number;
  packagesSold: number;
  enquiryPageLeads: number;
  referralLeads: number;
  trials: number;
  conversions: number;
  summariesShared: number;
  lowBalanceMinutes: number;
  overdueReminderDays: number[];
  rulesPublishedByHand: number;
  payRunsConfirmed: number;
  /** Billing names a cancellation policy document; its parents and those still to acknowledge its current version (each counted to 10,000). */
  policyDocumentNamed: boolean;
  parents: number;
  parentsAwaitingPolicy: number;
  /** Reports filed within 48 hours ÷ sessions completed over the last 30 days; null without any. */
  reportsOnTime: number | null;
}

/** Rows of `from` (a table and its conditions) counted up to `cap`. */
const upTo = (cap: number, from: ReturnType<typeof sql>) => sql`(select count(*)::int from (select 1 ${from} limit ${cap}) as counted)`;

export async function readFacts(tx: Transaction, organizationId: string, today: string): Promise<PlaybookFacts> {
  const org = organizationId;
  const billing = await readSettings(tx, organizationId, "billing");
  const documentId = billing.cancellationPolicyResourceId;
  const { rows } = await tx.execute<Omit<PlaybookFacts, "lowBalanceMinutes" | "overdueReminderDays" | "reportsOnTime" | "policyDocumentNamed">>(sql`
    select
      ${upTo(1000, sql`from member where organization_id = ${org} and role = 'tutor' and status = 'active'`)} as "activeTutors",
      ${upTo(
        1000,
        sql`from member m where m.organization_id = ${org} and m.role = 'tutor' and m.status = 'active'
            and exists (select 1 from tutor_availability a where a.organization_id = m.organization_id and a.member_id = m.id)`,
      )} as "tutorsWithAvailability",
      ${upTo(1, sql`from package_product where organization_id = ${org} and archived_at is null`)} as "packagesOnSale",
      ${upTo(1, sql`from package_purchase where organization_id = ${org} and cancelled_at is null`)} as "packagesSold",
      ${upTo(1, sql`from lead where organization_id = ${org} and source = 'enquiry_page'`)} as "enquiryPageLeads",
      ${upTo(1, sql`from lead where organization_id = ${org} and source = 'referral'`)} as "referralLeads",
      ${upTo(1, sql`from lead_trial where organization_id = ${org}`)} as "trials",
      ${upTo(1, sql`from lead where organization_id = ${org} and converted_at is not null`)} as "conversions",
      ${upTo(10, sql`from session_summary where organization_id = ${org} and status = 'shared'`)} as "summariesShared",
      ${upTo(1, sql`from health_rule_version where organization_id = ${org} and published_by_user_id is not null`)} as "rulesPublishedByHand",
      ${upTo(1, sql`from pay_run where organization_id = ${org} and status <> 'draft'`)} as "payRunsConfirmed",
      ${upTo(10_000, sql`from member where organization_id = ${org} and role = 'parent' and status = 'active'`)} as "parents",
      ${
        documentId
          ? upTo(
              10_000,
              sql`from member m where m.organization_id = ${org} and m.role = 'parent' and m.status = 'active'
                  and not exists (select 1 from resource r join resource_acknowledgement a on a.organization_id = r.organization_id and a.resource_id = r.id and a.version = r.current_version
                                  where r.organization_id = m.organization_id and r.id = ${documentId} and a.user_id = m.user_id)`,
            )
          : sql`0`
      } as "parentsAwaitingPolicy"`);
  return {
    ...rows[0]!,
    policyDocumentNamed: documentId !== null,
    lowBalanceMinutes: billing.lowBalanceMinutes,
    overdueReminderDays: billing.overdueReminderDays,
    reportsOnTime: await reportsOnTime(tx, organizationId, today),
  };
}

/** The analytics figure itself, over the 30 days to today: the playbook and the reports screen never disagree. */
async function reportsOnTime(tx: Transaction, organizationId: string, today: string): Promise<number | null> {
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  return workspaceFigure(tx, organizationId, "report-completion", from, today);
}
