/**
 * The billing facts a health card shows beside the learning score (they never add to it): the
 * package hours the student can still draw on (their own grants and the family's, valid now),
 * when they run out at the pace of the window, and the family's invoices overdue. They also
 * open the billing alerts (alert-sync.ts). Two queries whatever the number of students.
 */
import { sql } from "drizzle-orm";
import type { HealthBillingFacts } from "../../../shared/schemas/student-health.ts";
import type { Transaction } from "../../db/tenant.ts";

const DAY_MS = 86_400_000;

export interface StudentBillingFacts extends HealthBillingFacts {
  /** Whether the student has ever had hours: a student never on a package has no "hours low". */
  onPackages: boolean;
}

interface BillingRow extends Record<string, unknown> {
  student_id: string;
  on_packages: boolean;
  minutes_left: number | string | null;
}
interface OverdueRow extends Record<string, unknown> {
  student_id: string;
  invoice_id: string;
  number: string;
  due_on: string;
  outstanding_minor: number | string;
}

/**
 * Each student's billing facts. `receivedMinutes` (over `windowWeeks`) is the pace at which
 * hours are used; `today` is the workspace's date, which an invoice's due date is read against.
 */
export async function loadBillingFacts(
  tx: Transaction,
  organizationId: string,
  students: ReadonlyMap<string, { receivedMinutes: number; windowWeeks: number }>,
  now: Date,
  today: string,
  overdueDays: number,
): Promise<Map<string, StudentBillingFacts>> {
  const ids = [...students.keys()];
  const facts = new Map<string, StudentBillingFacts>();
  if (ids.length === 0) return facts;
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const settings = await tx.execute<{ low_balance_minutes: number }>(
    sql`select low_balance_minutes from billing_settings where organization_id = ${organizationId}`,
  );
  const lowBalanceMinutes = settings.rows[0]?.low_balance_minutes ?? 120;
  const hours = await tx.execute<BillingRow>(sql`
    select s.id as student_id,
      exists (select 1 from hour_grant g where g.organization_id = s.organization_id and g.account_id = s.payer_account_id
              and (g.student_id = s.id or g.student_id is null)) as on_packages,
      (select sum(g.minutes + coalesce((select sum(m.minutes) from hour_movement m where m.organization_id = g.organization_id and m.grant_id = g.id), 0))
         from hour_grant g
        where g.organization_id = s.organization_id and g.account_id = s.payer_account_id
          and (g.student_id = s.id or g.student_id is null)
          and g.starts_at <= ${now.toISOString()}::timestamptz and g.expires_at > ${now.toISOString()}::timestamptz) as minutes_left
    from student s
    where s.organization_id = ${organizationId} and s.id in (${idList})`);
  const overdue = await tx.execute<OverdueRow>(sql`
    select s.id as student_id, i.id as invoice_id, i.number, i.due_on::text as due_on, i.total_minor - i.paid_minor as outstanding_minor
    from student s
    join invoice i on i.organization_id = s.organization_id and i.account_id = s.payer_account_id
    where s.organization_id = ${organizationId} and s.id in (${idList})
      and i.status = 'issued' and i.paid_minor < i.total_minor
      and i.due_on <= ${today}::date - ${overdueDays}::int
    order by i.due_on, i.number`);
  for (const row of hours.rows) {
    const pace = students.get(row.student_id)!;
    const minutesLeft = row.on_packages ? Math.max(0, Number(row.minutes_left ?? 0)) : null;
    const perWeek = pace.receivedMinutes / pace.windowWeeks;
    const runOutOn =
      minutesLeft !== null && minutesLeft > 0 && perWeek > 0
        ? new Date(Date.parse(`${today}T00:00:00Z`) + Math.floor((minutesLeft / perWeek) * 7) * DAY_MS).toISOString().slice(0, 10)
        : null;
    facts.set(row.student_id, {
      onPackages: row.on_packages,
      minutesLeft,
      lowBalanceMinutes,
      minutesPerWeek: Math.round(perWeek),
      runOutOn,
      overdueInvoices: [],
    });
  }
  for (const row of overdue.rows) {
    facts.get(row.student_id)?.overdueInvoices.push({
      invoiceId: row.invoice_id,
      number: row.number,
      dueOn: row.due_on,
      daysOverdue: Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${row.due_on}T00:00:00Z`)) / DAY_MS),
      outstandingMinor: Number(row.outstanding_minor),
    });
  }
  return facts;
}
