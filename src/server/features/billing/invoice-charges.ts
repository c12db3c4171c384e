/**
 * Uninvoiced work: a family's session charges and package sales in the ledger that no live
 * invoice line bills and no reversal undid, with what a line prints of them (the session's
 * local date, tutor, student, attendance, policy version) and the tax rate they take (the
 * package's own, else the workspace's default). One set-based query serves the screen of
 * uninvoiced work, a draft's lines and the batch preview, whatever the number of families.
 */
import { type SQL, sql } from "drizzle-orm";
import { member, organization, user } from "../../db/auth-schema.ts";
import { billingSettings, cancellationPolicyVersion, invoiceLine, ledgerEntry, packageProduct, packagePurchase, taxRate } from "../../db/billing-schema.ts";
import { payerAccount, sessionReportStudent, student, tutoringSession } from "../../db/schema.ts";
import type { Queryable } from "../../db/tenant.ts";

export interface ChargeFilter {
  accountIds?: readonly string[];
  /** Service dates (the session's local date, or the sale's), inclusive. */
  from?: string;
  to?: string;
  entryIds?: readonly string[];
}

export interface UninvoicedCharge {
  entryId: string;
  kind: "session_charge" | "package_sale";
  description: string;
  amountMinor: number;
  accountId: string;
  accountName: string;
  sessionId: string | null;
  studentId: string | null;
  studentName: string | null;
  tutorName: string | null;
  attendance: string | null;
  serviceDate: string;
  policyVersionId: string | null;
  policyVersion: number | null;
  minutes: number | null;
  rateMinor: number | null;
  taxRateId: string | null;
  taxRateBps: number;
  taxRateName: string;
}

const uuidList = (ids: readonly string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

/** The select of uninvoiced charges (one row per charge) of the workspace matching the filter. */
export function uninvoicedChargesSql(organizationId: string, filter: ChargeFilter): SQL {
  const serviceDate = sql`coalesce((${tutoringSession.startsAt} at time zone ${organization.timeZone})::date, (${ledgerEntry.createdAt} at time zone ${organization.timeZone})::date)`;
  const conditions: SQL[] = [
    sql`${ledgerEntry.organizationId} = ${organizationId}`,
    sql`${ledgerEntry.kind} in ('session_charge', 'package_sale')`,
    sql`not exists (select 1 from ${ledgerEntry} reversal where reversal.organization_id = ${ledgerEntry.organizationId} and reversal.reverses_entry_id = ${ledgerEntry.id})`,
    sql`not exists (select 1 from ${invoiceLine} where ${invoiceLine.organizationId} = ${ledgerEntry.organizationId} and ${invoiceLine.chargeEntryId} = ${ledgerEntry.id} and ${invoiceLine.live})`,
  ];
  if (filter.accountIds) conditions.push(sql`${ledgerEntry.accountId} = any(${uuidList(filter.accountIds)})`);
  if (filter.entryIds) conditions.push(sql`${ledgerEntry.id} = any(${uuidList(filter.entryIds)})`);
  if (filter.from) {
    conditions.push(sql`${serviceDate} >= ${filter.from}::date`);
    // A charge is written when its session is marked or cancelled: at the earliest a late
    // cancellation, at most 720 notice hours (30 days) before the session, plus a day for time
    // zones. The bound lets the period be found through an index instead of every charge ever.
    conditions.push(sql`${ledgerEntry.createdAt} >= ${filter.from}::date - interval '32 days'`);
  }
  if (filter.to) conditions.push(sql`${serviceDate} <= ${filter.to}::date`);
  return sql`
    select ${ledgerEntry.id} as entry_id, ${ledgerEntry.kind} as kind, ${ledgerEntry.description} as description, ${ledgerEntry.amountMinor} as amount_minor,
      ${ledgerEntry.accountId} as account_id, ${payerAccount.name} as account_name, ${ledgerEntry.sessionId} as session_id, ${ledgerEntry.studentId} as student_id,
      ${student.name} as student_name, ${user.name} as tutor_name,
      coalesce(${sessionReportStudent.attendance}, case when ${tutoringSession.status} in ('cancelled', 'late_cancelled', 'no_show') then ${tutoringSession.status} end) as attendance,
      ${serviceDate}::text as service_date, ${ledgerEntry.policyVersionId} as policy_version_id, ${cancellationPolicyVersion.version} as policy_version,
      ${ledgerEntry.minutes} as minutes, ${ledgerEntry.rateMinor} as rate_minor, ${ledgerEntry.sequence} as sequence,
      line_rate.id as tax_rate_id, coalesce(line_rate.rate_bps, 0) as tax_rate_bps, coalesce(line_rate.name, '') as tax_rate_name
    from ${ledgerEntry}
    join ${organization} on ${organization.id} = ${ledgerEntry.organizationId}
    join ${payerAccount} on ${payerAccount.organizationId} = ${ledgerEntry.organizationId} and ${payerAccount.id} = ${ledgerEntry.accountId}
    left join ${tutoringSession} on ${tutoringSession.organizationId} = ${ledgerEntry.organizationId} and ${tutoringSession.id} = ${ledgerEntry.sessionId}
    left join ${member} on ${member.id} = ${tutoringSession.tutorMemberId}
    left join ${user} on ${user.id} = ${member.userId}
    left join ${student} on ${student.organizationId} = ${ledgerEntry.organizationId} and ${student.id} = ${ledgerEntry.studentId}
    left join ${sessionReportStudent} on ${sessionReportStudent.organizationId} = ${ledgerEntry.organizationId}
      and ${sessionReportStudent.sessionId} = ${ledgerEntry.sessionId} and ${sessionReportStudent.studentId} = ${ledgerEntry.studentId}
    left join ${cancellationPolicyVersion} on ${cancellationPolicyVersion.organizationId} = ${ledgerEntry.organizationId} and ${cancellationPolicyVersion.id} = ${ledgerEntry.policyVersionId}
    left join ${packagePurchase} on ${packagePurchase.organizationId} = ${ledgerEntry.organizationId} and ${packagePurchase.id} = ${ledgerEntry.purchaseId}
    left join ${packageProduct} on ${packageProduct.organizationId} = ${ledgerEntry.organizationId} and ${packageProduct.id} = ${packagePurchase.productId}
    left join ${billingSettings} on ${billingSettings.organizationId} = ${ledgerEntry.organizationId}
    left join ${taxRate} default_rate on default_rate.organization_id = ${ledgerEntry.organizationId} and default_rate.id = ${billingSettings.defaultTaxRateId} and default_rate.archived_at is null
    left join ${taxRate} line_rate on line_rate.organization_id = ${ledgerEntry.organizationId} and line_rate.id = coalesce(${packageProduct.taxRateId}, default_rate.id)
    where ${sql.join(conditions, sql` and `)}`;
}

interface ChargeRecord extends Record<string, unknown> {
  entry_id: string;
  kind: "session_charge" | "package_sale";
  description: string;
  amount_minor: string | number;
  account_id: string;
  account_name: string;
  session_id: string | null;
  student_id: string | null;
  student_name: string | null;
  tutor_name: string | null;
  attendance: string | null;
  service_date: string;
  policy_version_id: string | null;
  policy_version: number | null;
  minutes: number | null;
  rate_minor: string | number | null;
  tax_rate_id: string | null;
  tax_rate_bps: number;
  tax_rate_name: string;
}

/** The uninvoiced charges matching the filter, by family name, then date, then ledger order. */
export async function uninvoicedCharges(tx: Queryable, organizationId: string, filter: ChargeFilter): Promise<UninvoicedCharge[]> {
  const result = await tx.execute<ChargeRecord>(
    sql`select * from (${uninvoicedChargesSql(organizationId, filter)}) charge order by account_name, account_id, service_date, sequence`,
  );
  return result.rows.map((row) => ({
    entryId: row.entry_id,
    kind: row.kind,
    description: row.description,
    amountMinor: Number(row.amount_minor),
    accountId: row.account_id,
    accountName: row.account_name,
    sessionId: row.session_id,
    studentId: row.student_id,
    studentName: row.student_name,
    tutorName: row.tutor_name,
    attendance: row.attendance,
    serviceDate: row.service_date,
    policyVersionId: row.policy_version_id,
    policyVersion: row.policy_version === null ? null : Number(row.policy_version),
    minutes: row.minutes === null ? null : Number(row.minutes),
    rateMinor: row.rate_minor === null ? null : Number(row.rate_minor),
    taxRateId: row.tax_rate_id,
    taxRateBps: Number(row.tax_rate_bps),
    taxRateName: row.tax_rate_name,
  }));
}
