/**
 * Billing rows for the query-scaling benchmark: one ledger entry per generated row (N at size
 * N), one invoice per ten entries, over the families of the generated students (one account
 * each). Entries: 70 % session charges, 20 % payments, 5 % package sales, 5 % tax; 95 % of the
 * charges are on an invoice line, the newest 5 % are uninvoiced work. Invoices: 80 % paid, 10 %
 * partly paid, 10 % unpaid, due 14 days after issue, one issued every 5 minutes going back.
 * The hash chain is not computed (the queries timed do not read it): hashes are placeholders.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../src/server/db/client.ts";

/** Family k's account id, as PostgreSQL makes it (the students generator uses the same). */
export const accountIdSql = (k: string) => `md5('a' || ${k})::uuid`;
const entryIdSql = (g: string) => `md5('l' || ${g})::uuid`;
const invoiceIdSql = (i: string) => `md5('i' || ${i})::uuid`;

export async function generateBilling(db: Database, organizationId: string, now: Date, from: number, to: number, families: number): Promise<void> {
  const at = (column: string, step: number) => sql.raw(`(timestamptz '${now.toISOString()}' - make_interval(secs => ${column} * ${step}))`);
  const account = sql.raw(accountIdSql(`(1 + g % ${families})`));
  await db.execute(sql`
    insert into ledger_entry (organization_id, id, sequence, account_id, kind, amount_minor, balance_after_minor, description, cause_key, invoice_id, created_at, previous_hash, hash)
    select ${organizationId}, ${sql.raw(entryIdSql("g"))}, g, ${account},
           case when g % 20 < 14 then 'session_charge' when g % 20 < 18 then 'payment' when g % 20 = 18 then 'package_sale' else 'tax' end,
           case when g % 20 < 14 then 4550 when g % 20 < 18 then -9100 when g % 20 = 18 then 45000 else 910 end,
           0, 'Benchmark entry ' || g, 'bench:' || g,
           case when g % 20 = 19 then ${sql.raw(invoiceIdSql("(1 + g / 10)"))} end,
           ${at("g", 30)}, md5('p' || g), md5('h' || g)
    from generate_series(${from}::int, ${to}::int) as g`);
  const invoicesFrom = Math.floor((from - 1) / 10) + 1;
  const invoicesTo = Math.floor(to / 10);
  if (invoicesFrom > invoicesTo) return;
  const invoiceAccount = sql.raw(accountIdSql(`(1 + i % ${families})`));
  await db.execute(sql`
    insert into invoice (organization_id, id, account_id, status, number, period_from, period_to, issued_on, due_on, prices_include_tax, tax_rule,
                         subtotal_minor, tax_minor, total_minor, paid_minor, created_at, issued_at)
    select ${organizationId}, ${sql.raw(invoiceIdSql("i"))}, ${invoiceAccount}, 'issued', 'INV-' || lpad(i::text, 7, '0'),
           (${at("i", 300)})::date - 30, (${at("i", 300)})::date, (${at("i", 300)})::date, (${at("i", 300)})::date + 14, false, '',
           45500, 0, 45500, case when i % 10 < 8 then 45500 when i % 10 = 8 then 20000 else 0 end, ${at("i", 300)}, ${at("i", 300)}
    from generate_series(${invoicesFrom}::int, ${invoicesTo}::int) as i`);
  // Charges on invoice lines: all but the newest 5 % (g % 20 = 0 marks the uninvoiced ones).
  await db.execute(sql`
    insert into invoice_line (organization_id, id, invoice_id, position, kind, charge_entry_id, description, amount_minor)
    select ${organizationId}, md5('il' || g)::uuid, ${sql.raw(invoiceIdSql("(1 + g / 10)"))}, g % 10, 'session', ${sql.raw(entryIdSql("g"))}, 'Benchmark line ' || g, 4550
    from generate_series(${from}::int, ${to}::int) as g
    where g % 20 < 14 and g % 20 <> 0 and 1 + g / 10 <= ${invoicesTo}`);
}
