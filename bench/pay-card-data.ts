/**
 * Tutor pay and card payment rows for the query-scaling benchmark, grown with the other rows.
 *
 * Tutor pay: one session earning per completed generated session (an hour at 30.00), and a pay
 * run per fortnight of the earnings' days (periods from the default anchor) holding every
 * earning of its fortnight: the current fortnight's run is the draft, the one before is
 * confirmed, older ones are paid five days after their end.
 *
 * Card payments: one Checkout attempt per invoice (one per ten rows; same number, same family),
 * 1 in 5 for a package of the catalogue, the others for their invoice; 7 in 10 paid, then
 * expired, failed or still open. A saved card for 1 family in 19, half of them with autopay on;
 * every invoice of a family with a card has autopay's tries once its three days of waiting are
 * over: charged when the invoice is paid, else declined, with the next try's time (a partly
 * paid invoice was declined twice).
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../src/server/db/client.ts";
import { periodContaining } from "../src/server/features/tutor-pay/periods.ts";
import { accountIdSql } from "./billing-data.ts";

/** The workspace's pay settings (also the product's defaults, but fortnightly). */
const PAY_SETTINGS = { periodKind: "fortnightly", periodAnchorOn: "2026-01-05" } as const;
/** What every generated session earns: an hour at 30.00. */
const EARNING_MINOR = 3000;
/** A family k has a card saved when k % CARD_EVERY = 0, and autopay on too when k % (2·CARD_EVERY) = 0. */
const CARD_EVERY = 19;

/** md5(text)::uuid, as PostgreSQL makes it. */
export const md5Uuid = (text: string) =>
  createHash("md5")
    .update(text)
    .digest("hex")
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5");

/** The pay run of the fortnight starting on this day. */
export const payRunIdOf = (periodFrom: string) => md5Uuid(`pr${periodFrom}`);
/** The current fortnight of `today`: its run is the draft. */
export const currentPayPeriod = (today: string) => periodContaining(PAY_SETTINGS, today);
/** Checkout attempt j (paying invoice j, of the same family). */
export const checkoutAttemptIdOf = (j: number) => md5Uuid(`ca${j}`);
/** Family k's invoice i (the billing generator's invoice ids). */
export const invoiceIdOf = (i: number) => md5Uuid(`i${i}`);

/**
 * Earnings of the completed sessions that have none yet, and their lines in the runs of their
 * fortnights (runs made as needed). PostgreSQL freezes a confirmed run and its lines for every
 * role; the benchmark writes history, not one run at a time, so its transaction runs with
 * session_replication_role = replica: no trigger fires, neither those nor the foreign keys'
 * checks (each row names a row read in the same statement or written just before; the checks
 * held when this ran with them). The run totals are summed again at its end.
 */
export async function generateTutorPay(db: Database, organizationId: string, now: Date): Promise<void> {
  const today = now.toISOString().slice(0, 10);
  const current = currentPayPeriod(today);
  const periodFrom = sql.raw(`(date '${PAY_SETTINGS.periodAnchorOn}' + (floor((e.earned_on - date '${PAY_SETTINGS.periodAnchorOn}') / 14.0)::int * 14))`);
  const withoutLine = sql`not exists (select 1 from pay_run_line as l where l.organization_id = e.organization_id and l.earning_id = e.id)`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into pay_settings (organization_id, period_kind, period_anchor_on, updated_at)
      values (${organizationId}, ${PAY_SETTINGS.periodKind}, ${PAY_SETTINGS.periodAnchorOn}, ${now.toISOString()}::timestamptz)
      on conflict (organization_id) do nothing`);
    await tx.execute(sql`
      insert into tutor_earning (organization_id, id, tutor_member_id, kind, earned_on, session_id, basis, session_minutes, minutes, rate_minor, share_bps,
                                 amount_minor, description, cause_key, created_at)
      select s.organization_id, md5('te' || s.id::text)::uuid, s.tutor_member_id, 'session', (s.starts_at at time zone 'UTC')::date, s.id, 'attended', 60, 60,
             ${EARNING_MINOR}, 10000, ${EARNING_MINOR}, s.subject || ' session of ' || to_char(s.starts_at at time zone 'UTC', 'FMDay DD Mon YYYY') || ', 1 hour',
             'session:' || s.id || ':g1:attended-60m:' || s.tutor_member_id, s.ends_at
      from tutoring_session as s
      where s.organization_id = ${organizationId} and s.status = 'completed'
        and not exists (select 1 from tutor_earning as e where e.organization_id = s.organization_id and e.session_id = s.id)`);
    await tx.execute(sql`
      insert into pay_run (organization_id, id, period_from, period_to, status, total_minor, created_at, confirmed_at, paid_on, paid_reference, paid_at)
      select ${organizationId}, md5('pr' || p.period_from::text)::uuid, p.period_from, p.period_from + 13, p.status, 0,
             case when p.status = 'draft' then ${now.toISOString()}::timestamptz else p.period_from + 14 end,
             case when p.status <> 'draft' then p.period_from + 15 end,
             case when p.status = 'paid' then p.period_from + 18 end,
             case when p.status = 'paid' then 'PAYROLL-' || p.period_from end,
             case when p.status = 'paid' then p.period_from + 18 end
      from (select distinct ${periodFrom} as period_from,
                   case when ${periodFrom} = ${current.from}::date then 'draft' when ${periodFrom} = ${current.from}::date - 14 then 'confirmed' else 'paid' end as status
            from tutor_earning as e where e.organization_id = ${organizationId} and ${withoutLine}) as p
      on conflict (organization_id, id) do nothing`);
    await tx.execute(sql`
      insert into pay_run_line (organization_id, id, pay_run_id, earning_id, tutor_member_id, amount_minor, in_confirmed_run)
      select e.organization_id, md5('pl' || e.id::text)::uuid, md5('pr' || ${periodFrom}::text)::uuid, e.id, e.tutor_member_id, e.amount_minor,
             ${periodFrom} <> ${current.from}::date
      from tutor_earning as e where e.organization_id = ${organizationId} and ${withoutLine}`);
    await tx.execute(sql`
      update pay_run as r set total_minor = t.total
      from (select pay_run_id, sum(amount_minor) as total from pay_run_line where organization_id = ${organizationId} group by pay_run_id) as t
      where r.organization_id = ${organizationId} and r.id = t.pay_run_id and r.total_minor <> t.total`);
  });
}

/**
 * Card payments of invoices `invoicesFrom`..`invoicesTo` (made by the billing generator over
 * `families` families) and saved cards of families `familiesFrom`..`familiesTo`.
 */
export async function generateCardPayments(
  db: Database,
  organizationId: string,
  now: Date,
  invoices: { from: number; to: number },
  families: { from: number; to: number },
): Promise<void> {
  const nowSql = sql.raw(`timestamptz '${now.toISOString()}'`);
  const issuedAt = (i: string) => sql.raw(`(timestamptz '${now.toISOString()}' - make_interval(secs => ${i} * 300))`);
  if (invoices.from === 1) {
    // The catalogue: three packages on sale, one archived, one free (neither is offered).
    await db.execute(sql`
      insert into package_product (organization_id, id, name, minutes, price_minor, valid_days, scope, archived_at, created_at)
      values (${organizationId}, ${md5Uuid("pp1")}, '5 hours', 300, 22500, 180, 'family', null, ${nowSql}),
             (${organizationId}, ${md5Uuid("pp2")}, '10 hours', 600, 42000, 365, 'family', null, ${nowSql}),
             (${organizationId}, ${md5Uuid("pp3")}, '20 hours', 1200, 80000, 365, 'family', null, ${nowSql}),
             (${organizationId}, ${md5Uuid("pp4")}, '8 hours (old price)', 480, 36000, 365, 'family', ${nowSql}, ${nowSql}),
             (${organizationId}, ${md5Uuid("pp5")}, 'Trial hour', 60, 0, 30, 'family', null, ${nowSql})`);
  }
  if (families.from <= families.to) {
    await db.execute(sql`
      insert into saved_card (organization_id, account_id, stripe_customer_id, stripe_payment_method_id, brand, last4, exp_month, exp_year, autopay, created_at, updated_at)
      select ${organizationId}, ${sql.raw(accountIdSql("k"))}, 'cus_bench_' || k, 'pm_bench_' || k, 'visa', lpad((k % 10000)::text, 4, '0'), 1 + k % 12, 2028,
             k % ${2 * CARD_EVERY} = 0, ${nowSql} - make_interval(mins => k), ${nowSql} - make_interval(mins => k)
      from generate_series(${families.from}::int, ${families.to}::int) as k
      where k % ${CARD_EVERY} = 0`);
  }
  if (invoices.from > invoices.to) return;
  const account = (i: string) => sql.raw(accountIdSql(`(1 + ${i} % ${families.to})`));
  const status = sql.raw(`case when j % 10 < 6 or j % 10 = 7 then 'paid' when j % 10 = 6 then 'expired' when j % 10 = 8 then 'failed' else 'open' end`);
  const product = sql.raw(`md5('pp' || (1 + j % 3))::uuid`);
  await db.execute(sql`
    insert into checkout_attempt (organization_id, id, account_id, kind, invoice_id, product_id, amount_minor, currency, status, stripe_session_id, checkout_url,
                                  stripe_payment_intent_id, failure_reason, created_at, updated_at)
    select ${organizationId}, md5('ca' || j)::uuid, ${account("j")},
           case when j % 5 = 4 then 'package' else 'invoice' end,
           case when j % 5 <> 4 then md5('i' || j)::uuid end,
           case when j % 5 = 4 then ${product} end,
           case when j % 5 <> 4 then 45500 else (array[22500, 42000, 80000])[1 + j % 3] end,
           'USD', ${status}, 'cs_bench_' || j, 'https://checkout.stripe.com/c/pay/cs_bench_' || j,
           case when ${status} in ('paid', 'failed') then 'pi_bench_c' || j end,
           case when ${status} = 'failed' then 'Your card was declined.' end,
           least(${issuedAt("j")} + interval '2 days', ${nowSql}), least(${issuedAt("j")} + interval '2 days', ${nowSql})
    from generate_series(${invoices.from}::int, ${invoices.to}::int) as j`);
  // Autopay's first try, three days after the issue; then a second one a day later for the partly paid.
  await db.execute(sql`
    insert into autopay_charge (organization_id, id, invoice_id, account_id, attempt, amount_minor, status, stripe_payment_intent_id, failure_reason, retry_at,
                                created_at, updated_at)
    select ${organizationId}, md5('ac' || i || '-' || t.attempt)::uuid, md5('i' || i)::uuid, ${account("i")}, t.attempt,
           case when i % 10 = 8 then 25500 else 45500 end,
           case when i % 10 < 8 then 'charged' else 'failed' end, 'pi_bench_a' || i || '-' || t.attempt,
           case when i % 10 >= 8 then 'Your card was declined.' end,
           case when i % 10 >= 8 then ${issuedAt("i")} + make_interval(days => 3 + t.attempt * t.attempt) end,
           ${issuedAt("i")} + make_interval(days => 2 + t.attempt), ${issuedAt("i")} + make_interval(days => 2 + t.attempt)
    from generate_series(${invoices.from}::int, ${invoices.to}::int) as i
    cross join lateral (select generate_series(1, case when i % 10 = 8 then 2 else 1 end) as attempt) as t
    where (1 + i % ${families.to}) % ${CARD_EVERY} = 0 and ${issuedAt("i")} + make_interval(days => 2 + t.attempt) <= ${nowSql}`);
}
