import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import type { Database } from "./client.ts";
import { auditLog, platformAuditLog, student } from "./schema.ts";
import { withLookup, withWorkspace, type Transaction } from "./tenant.ts";

/*
 * Row-level security, as the app runs: `runtime` is the app's own connection (glassroom_owner,
 * neither superuser nor BYPASSRLS); `app.db` is the superuser, for set-up and for checking
 * what is really stored.
 */
let app: TestApp;
let runtime: Database;
const ORG_A = "org-rls-a";
const ORG_B = "org-rls-b";

/**
 * One row in every table that carries a workspace, for the workspace `org`. A new table with
 * a workspace column fails "every catalogued table has rows of both workspaces" below until it
 * gets its row here, and so cannot escape the checks.
 */
async function seedWorkspace(db: Database, org: string, code: string): Promise<void> {
  const id = (name: string) => `${org}-${name}`;
  const studentId = randomUUID();
  const sessionId = randomUUID();
  const seriesId = randomUUID();
  const [
    taxRateId,
    productId,
    invoiceId,
    purchaseId,
    grantId,
    paymentId,
    lineId,
    creditNoteId,
    disputeId,
    earningId,
    payRunId,
    contestId,
    previewId,
    stageId,
    leadId,
    resourceId,
    exportId,
  ] = Array.from({ length: 17 }, () => randomUUID());
  const statements = [
    sql`insert into organization (id, name, slug, created_at, join_code) values (${org}, ${org}, ${org}, now(), ${code})`,
    sql`insert into "user" (id, name, email) values (${id("tutor")}, ${`Tutor of ${org}`}, ${`tutor@${org}.example`}), (${id("parent")}, ${`Parent of ${org}`}, ${`parent@${org}.example`})`,
    sql`insert into member (id, organization_id, user_id, role, status, created_at) values (${id("m-tutor")}, ${org}, ${id("tutor")}, 'tutor', 'active', now()), (${id("m-parent")}, ${org}, ${id("parent")}, 'parent', 'active', now())`,
    sql`insert into session (id, expires_at, token, updated_at, user_id, active_organization_id) values (${id("login")}, now() + interval '1 day', ${id("token")}, now(), ${id("tutor")}, ${org})`,
    sql`insert into invitation (id, organization_id, email, expires_at, inviter_id) values (${id("ba-invitation")}, ${org}, ${`invited@${org}.example`}, now() + interval '1 day', ${id("tutor")})`,
    // The member and student rows above and here give member_count and student_count theirs (triggers).
    sql`insert into student (organization_id, id, name) values (${org}, ${studentId}, ${`Student of ${org}`})`,
    sql`insert into student_guardian (organization_id, student_id, member_id) values (${org}, ${studentId}, ${id("m-parent")})`,
    sql`insert into tutor_profile (organization_id, member_id, time_zone) values (${org}, ${id("m-tutor")}, 'UTC')`,
    sql`insert into tutor_availability (organization_id, member_id, weekday, starts_at, ends_at) values (${org}, ${id("m-tutor")}, 1, '09:00', '10:00')`,
    sql`insert into assignment (organization_id, tutor_member_id, student_id, subject, starts_on) values (${org}, ${id("m-tutor")}, ${studentId}, 'Maths', '2026-01-01')`,
    sql`insert into workspace_invitation (organization_id, email, role, token_hash, expires_at) values (${org}, ${`invited@${org}.example`}, 'tutor', ${id("invitation-hash")}, now() + interval '1 day')`,
    sql`insert into workspace_policy (organization_id) values (${org})`,
    sql`insert into session_series (organization_id, id, tutor_member_id, rule, dtstart_local, time_zone, duration_minutes, count) values (${org}, ${seriesId}, ${id("m-tutor")}, 'FREQ=WEEKLY;COUNT=1', '2026-01-05T09:00', 'UTC', 60, 1)`,
    sql`insert into tutoring_session (organization_id, id, tutor_member_id, subject, starts_at, ends_at, time_zone, series_id, occurrence_date) values (${org}, ${sessionId}, ${id("m-tutor")}, 'Maths', now() + interval '1 hour', now() + interval '2 hours', 'UTC', ${seriesId}, '2026-01-05')`,
    sql`insert into session_student (organization_id, session_id, student_id) values (${org}, ${sessionId}, ${studentId})`,
    sql`insert into calendar_feed (organization_id, member_id, token_hash) values (${org}, ${id("m-tutor")}, ${id("feed-hash")})`,
    sql`insert into session_report (organization_id, session_id, topics) values (${org}, ${sessionId}, 'Fractions')`,
    sql`insert into session_report_student (organization_id, session_id, student_id, attendance, previous_homework) values (${org}, ${sessionId}, ${studentId}, 'present', 'completed')`,
    sql`insert into session_summary (organization_id, session_id, student_id, body) values (${org}, ${sessionId}, ${studentId}, 'Went well')`,
    sql`insert into session_recording (organization_id, session_id, kind, title, url) values (${org}, ${sessionId}, 'link', 'Recording', 'https://example.com/r')`,
    sql`insert into cancellation_request (organization_id, session_id, requested_by_user_id, requester_role, reason) values (${org}, ${sessionId}, ${id("parent")}, 'parent', 'Ill')`,
    sql`insert into audit_log (organization_id, action, description) values (${org}, 'TEST', ${`entry of ${org}`})`,
    // Billing: the student's own payer account came with the student, and the guardian became its payer.
    sql`insert into billing_settings (organization_id) values (${org})`,
    sql`insert into stripe_keys (organization_id, secret_key_ciphertext, webhook_secret_ciphertext, secret_key_hint) values (${org}, 'v1:x', 'v1:y', 'sk_test_…4242')`,
    sql`insert into tax_rate (organization_id, id, name, rate_bps) values (${org}, ${taxRateId}, 'VAT', 2000)`,
    sql`insert into cancellation_policy_version (organization_id, version, notice_hours, late_cancellation_share_bps, no_show_share_bps, effective_from) values (${org}, 1, 24, 10000, 10000, now())`,
    sql`insert into package_product (organization_id, id, name, minutes, price_minor, valid_days, scope, tax_rate_id) values (${org}, ${productId}, '10 hours', 600, 45000, 180, 'student', ${taxRateId})`,
    sql`insert into invoice (organization_id, id, account_id) select ${org}, ${invoiceId}, payer_account_id from student where id = ${studentId}`,
    sql`insert into package_purchase (organization_id, id, account_id, product_id, student_id, name, minutes, price_minor, valid_days, invoice_id) select ${org}, ${purchaseId}, payer_account_id, ${productId}, id, '10 hours', 600, 45000, 180, ${invoiceId} from student where id = ${studentId}`,
    sql`insert into hour_grant (organization_id, id, account_id, student_id, purchase_id, minutes, starts_at, expires_at) select ${org}, ${grantId}, payer_account_id, id, ${purchaseId}, 600, now(), now() + interval '180 days' from student where id = ${studentId}`,
    sql`insert into hour_movement (organization_id, grant_id, kind, minutes, session_id, student_id, cause_key) values (${org}, ${grantId}, 'use', -60, ${sessionId}, ${studentId}, 'use:1')`,
    sql`insert into payment (organization_id, id, account_id, method, amount_minor, received_on, idempotency_key) select ${org}, ${paymentId}, payer_account_id, 'cash', 1000, '2026-01-05', 'payment-1' from student where id = ${studentId}`,
    sql`insert into payment_refund (organization_id, payment_id, account_id, amount_minor, refunded_on, reason, idempotency_key) select ${org}, ${paymentId}, payer_account_id, 100, '2026-01-06', 'Overpaid', 'refund-1' from student where id = ${studentId}`,
    sql`insert into invoice_line (organization_id, id, invoice_id, position, kind, description, amount_minor) values (${org}, ${lineId}, ${invoiceId}, 1, 'fee', 'Workbook', 1000)`,
    sql`insert into credit_note (organization_id, id, account_id, number, reason, issued_on, prices_include_tax, tax_rule, tax_breakdown, subtotal_minor, tax_minor, total_minor, idempotency_key) select ${org}, ${creditNoteId}, payer_account_id, 'CN-1', 'Correction', '2026-01-07', false, '', '[]', 100, 0, 100, 'credit-1' from student where id = ${studentId}`,
    sql`insert into credit_note_line (organization_id, credit_note_id, position, invoice_line_id, description, amount_minor) values (${org}, ${creditNoteId}, 1, ${lineId}, 'Workbook', 100)`,
    sql`insert into allocation (organization_id, invoice_id, payment_id, amount_minor) values (${org}, ${invoiceId}, ${paymentId}, 500)`,
    sql`insert into ledger_entry (organization_id, sequence, account_id, kind, amount_minor, balance_after_minor, description, cause_key, created_at, previous_hash, hash) select ${org}, 1, payer_account_id, 'fee', 1000, 1000, 'Workbook', 'fee:1', now(), '', '' from student where id = ${studentId}`,
    sql`insert into billing_counter (organization_id, kind, year) values (${org}, 'invoice', 2026)`,
    sql`insert into invoice_dispute (organization_id, id, invoice_id, invoice_line_id, account_id, reason) select ${org}, ${disputeId}, ${invoiceId}, ${lineId}, payer_account_id, 'Not taught' from student where id = ${studentId}`,
    sql`insert into dispute_message (organization_id, dispute_id, author_role, body) values (${org}, ${disputeId}, 'parent', 'Not taught')`,
    sql`insert into billing_notice (organization_id, account_id, kind, dedupe_key, text) select ${org}, payer_account_id, 'low_balance', 'low:1', 'Low' from student where id = ${studentId}`,
    sql`insert into billing_digest (organization_id, account_id, day, sent_at) select ${org}, payer_account_id, '2026-01-05', now() from student where id = ${studentId}`,
    sql`insert into ledger_verification (organization_id, requested_at) values (${org}, now())`,
    // Online payments: a family's card payment of the invoice through Stripe, and its event.
    sql`insert into checkout_attempt (organization_id, account_id, kind, invoice_id, amount_minor, currency) select ${org}, payer_account_id, 'invoice', ${invoiceId}, 1000, 'GBP' from student where id = ${studentId}`,
    sql`insert into saved_card (organization_id, account_id, stripe_customer_id) select ${org}, payer_account_id, ${id("cus")} from student where id = ${studentId}`,
    sql`insert into autopay_charge (organization_id, invoice_id, account_id, attempt, amount_minor) select ${org}, ${invoiceId}, payer_account_id, 1, 1000 from student where id = ${studentId}`,
    sql`insert into stripe_event (organization_id, event_id, type, outcome, received_at) values (${org}, ${id("evt")}, 'checkout.session.completed', 'payment recorded', now())`,
    // Tutor pay: the tutor's earning for the session, in a draft pay run.
    sql`insert into pay_settings (organization_id) values (${org})`,
    sql`insert into tutor_earning (organization_id, id, tutor_member_id, kind, earned_on, session_id, basis, amount_minor, description, cause_key) values (${org}, ${earningId}, ${id("m-tutor")}, 'session', '2026-01-05', ${sessionId}, 'attended', 3000, 'Maths session', 'earning:1')`,
    sql`insert into pay_run (organization_id, id, period_from, period_to) values (${org}, ${payRunId}, '2026-01-01', '2026-01-31')`,
    sql`insert into pay_run_line (organization_id, pay_run_id, earning_id, tutor_member_id, amount_minor) values (${org}, ${payRunId}, ${earningId}, ${id("m-tutor")}, 3000)`,
    // Student health: the rules' first version, the student's card, its day and a recompute due.
    sql`insert into health_rule_version (organization_id, version, rules, changes, published_at) values (${org}, 1, '{}', 'The default rules', now())`,
    sql`insert into student_health (organization_id, student_id, rule_version, score, band, points_total, family_score, family_band, figures, reasons, computed_at) values (${org}, ${studentId}, 1, 0, 'on_track', 0, 0, 'on_track', '{}', '[]', now())`,
    sql`insert into student_health_day (organization_id, student_id, day, score, band, family_score, family_band, rule_version) values (${org}, ${studentId}, '2026-01-05', 0, 'on_track', 0, 'on_track', 1)`,
    sql`insert into student_health_due (organization_id, student_id, due_since) values (${org}, ${studentId}, now())`,
    sql`insert into health_rules_preview (organization_id, id, rules, status, requested_at) values (${org}, ${previewId}, '{}', 'queued', now())`,
    // Alerts: one open on the student, a family's contest of the session, its excusal, a member's preferences and digest day.
    sql`insert into health_alert (organization_id, student_id, kind, severity, family_visible, title, evidence, opened_at, updated_at) values (${org}, ${studentId}, 'missedShare', 'watch', true, 'Missed', '[]', now(), now())`,
    sql`insert into health_contest (organization_id, id, student_id, session_id, point, message, raised_at) values (${org}, ${contestId}, ${studentId}, ${sessionId}, 'attendance', 'Excused', now())`,
    sql`insert into health_excusal (organization_id, session_id, student_id, contest_id, excused_at) values (${org}, ${sessionId}, ${studentId}, ${contestId}, now())`,
    sql`insert into notification_preference (organization_id, member_id, alert_digest, topics, updated_at) values (${org}, ${id("m-parent")}, false, '{learning}', now())`,
    sql`insert into alert_digest (organization_id, member_id, day, until, alerts) values (${org}, ${id("m-parent")}, '2026-01-05', now(), 1)`,
    // CRM: a stage, a lead in it owned by the tutor, its timeline's first entry, a task, the settings.
    sql`insert into crm_stage (organization_id, id, name, position, outcome) values (${org}, ${stageId}, 'New', 1, 'open')`,
    sql`insert into lead (organization_id, id, guardian_name, email, source, owner_member_id, stage_id, stage_entered_at, consent_basis, purge_on, created_at, updated_at) values (${org}, ${leadId}, 'Pat Prospect', ${`pat@${org}.example`}, 'phone', ${id("m-tutor")}, ${stageId}, now(), 'consent', '2027-01-05', now(), now())`,
    sql`insert into lead_activity (organization_id, lead_id, kind, summary, occurred_at) values (${org}, ${leadId}, 'created', 'Enquired by phone', now())`,
    sql`insert into crm_task (organization_id, title, due_on, assignee_member_id, lead_id, created_at) values (${org}, 'Call back', '2026-01-06', ${id("m-tutor")}, ${leadId}, now())`,
    sql`insert into crm_settings (organization_id, updated_at) values (${org}, now())`,
    // A trial of the lead on the tutor's session, and the lead converted into the student.
    sql`insert into lead_trial (organization_id, lead_id, session_id, tutor_member_id, created_at) values (${org}, ${leadId}, ${sessionId}, ${id("m-tutor")}, now())`,
    sql`insert into lead_student (organization_id, lead_id, student_id, position, created_at) values (${org}, ${leadId}, ${studentId}, 1, now())`,
    // The growth playbook: a step skipped with its reason.
    sql`insert into growth_playbook_step (organization_id, step_key, state, reason, decided_at) values (${org}, 'referral-lead', 'skipped', 'We take no referrals', now())`,
    // The library: a handbook for tutors, its first version acknowledged, a tutor's sheet shared with the student; an export.
    sql`insert into resource (organization_id, id, kind, title, category, audience, requires_acknowledgement) values (${org}, ${resourceId}, 'link', 'Handbook', 'Policies', '{tutor}', true)`,
    sql`insert into resource_version (organization_id, resource_id, version, url) values (${org}, ${resourceId}, 1, 'https://example.com/handbook')`,
    // The resource asks for acknowledgement: acknowledgement_count gets its row (triggers).
    sql`insert into resource_acknowledgement (organization_id, resource_id, version, user_id, name, acknowledged_at) values (${org}, ${resourceId}, 1, ${id("tutor")}, 'Tutor', now())`,
    sql`insert into resource_share (organization_id, resource_id, student_id) values (${org}, ${resourceId}, ${studentId})`,
    sql`insert into workspace_export (organization_id, id) values (${org}, ${exportId})`,
  ];
  for (const statement of statements) await db.execute(statement);
}

beforeAll(async () => {
  app = await createTestApp();
  runtime = app.deps.db;
  await seedWorkspace(app.db, ORG_A, "RLSAAAAA");
  await seedWorkspace(app.db, ORG_B, "RLSBBBBB");
  await app.db.insert(platformAuditLog).values({ action: "TEST", description: "platform entry" });
});

afterAll(() => app?.close());

/** Drizzle wraps the database's error; the reason is in its cause. */
function reasonOf(error: unknown): string {
  return String((error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message ?? error);
}

async function databaseRefusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return reasonOf(error);
  }
  throw new Error("expected the database to refuse");
}

type Outcome = { rows: Record<string, unknown>[] } | { refused: string };
class RolledBack extends Error {
  readonly outcome: Outcome;
  constructor(outcome: Outcome) {
    super("rolled back");
    this.outcome = outcome;
  }
}

/**
 * One statement on the app's connection, as glassroom_app ("app") or as the owner connection
 * itself ("owner"), with or without a workspace set; always rolled back, so that a write the
 * database wrongly accepts leaves no trace for the next check.
 */
async function attempt(as: "app" | "owner", workspace: string | null, statement: string): Promise<Outcome> {
  try {
    await runtime.transaction(async (tx) => {
      if (as === "app") await tx.execute(sql`set local role glassroom_app`);
      if (workspace) await tx.execute(sql`select set_config('app.organization_id', ${workspace}, true)`);
      let outcome: Outcome;
      try {
        outcome = { rows: (await tx.execute(sql.raw(statement))).rows };
      } catch (error) {
        outcome = { refused: reasonOf(error) };
      }
      throw new RolledBack(outcome);
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.outcome;
    throw error;
  }
  throw new Error("unreachable");
}

const REFUSED = /row-level security|permission denied/;

/** A table's workspace column: organization_id, or the session's active organization. */
interface WorkspaceTable {
  table: string;
  column: string;
}

/** Every table of the application that carries a workspace, read from PostgreSQL's catalogue. */
async function workspaceTables(): Promise<WorkspaceTable[]> {
  const { rows } = await app.db.execute<{ table: string; column: string }>(sql`
    select c.relname as table, a.attname as column
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attname in ('organization_id', 'active_organization_id')
    order by c.relname`);
  // The workspaces themselves: their id is the workspace.
  return [...rows, { table: "organization", column: "id" }];
}

/** Better Auth's own tables: it reads them across workspaces on the owner connection, unrestricted. */
const IDENTITY_TABLES = ["member", "session", "invitation", "organization"];

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

describe("row-level security on every table that carries a workspace (from the catalogue)", () => {
  it("finds the known tables, so that the catalogue query itself is not empty", async () => {
    const tables = (await workspaceTables()).map((entry) => entry.table);
    expect(tables).toEqual(
      expect.arrayContaining([
        "student",
        "tutoring_session",
        "audit_log",
        "member",
        "session",
        "invitation",
        "organization",
        "calendar_feed",
        "cancellation_request",
      ]),
    );
  });

  it("every catalogued table has rows of both workspaces (the checks below are not vacuous)", async () => {
    const missing: string[] = [];
    for (const { table, column } of await workspaceTables()) {
      const { rows } = await app.db.execute<{ a: number; b: number }>(
        sql.raw(
          `select count(*) filter (where ${quoted(column)} = '${ORG_A}')::int as a, count(*) filter (where ${quoted(column)} = '${ORG_B}')::int as b from ${quoted(table)}`,
        ),
      );
      if (!rows[0]!.a || !rows[0]!.b) missing.push(table);
    }
    expect(missing).toEqual([]);
  });

  it("every one has row-level security enabled and forced (the owner connection included)", async () => {
    const tables = (await workspaceTables()).map((entry) => entry.table);
    const { rows } = await app.db.execute<{ table: string; enabled: boolean; forced: boolean }>(
      sql`select relname as table, relrowsecurity as enabled, relforcerowsecurity as forced from pg_class where relnamespace = 'public'::regnamespace and relname = any(${sql.param(tables)}::text[])`,
    );
    expect(rows.filter((row) => !row.enabled || !row.forced).map((row) => row.table)).toEqual([]);
    expect(rows).toHaveLength(tables.length);
  });

  it("as glassroom_app: nothing without a workspace; in workspace A, no row of B; writing into B is refused", async () => {
    const failures: string[] = [];
    for (const { table, column } of await workspaceTables()) {
      const t = quoted(table);
      const c = quoted(column);
      const none = await attempt("app", null, `select count(*)::int as n from ${t}`);
      if ("rows" in none && none.rows[0]!.n !== 0) failures.push(`${table}: ${String(none.rows[0]!.n)} rows without a workspace`);
      if ("refused" in none && !REFUSED.test(none.refused)) failures.push(`${table}: ${none.refused}`);

      const ofB = await attempt("app", ORG_A, `select count(*)::int as n from ${t} where ${c} = '${ORG_B}'`);
      if ("rows" in ofB && ofB.rows[0]!.n !== 0) failures.push(`${table}: rows of B visible in A`);
      if ("refused" in ofB && !REFUSED.test(ofB.refused)) failures.push(`${table}: ${ofB.refused}`);

      // A copy of one of A's rows, moved to B: refused before any other constraint is checked.
      const insert = await attempt(
        "app",
        ORG_A,
        `insert into ${t} select (jsonb_populate_record(null::${t}, to_jsonb(x) || jsonb_build_object('${column}', '${ORG_B}'))).* from ${t} x where ${c} = '${ORG_A}' limit 1`,
      );
      if (!("refused" in insert) || !REFUSED.test(insert.refused))
        failures.push(`${table}: insert into B ${"refused" in insert ? insert.refused : "accepted"}`);

      const update = await attempt("app", ORG_A, `update ${t} set ${c} = '${ORG_B}' where ${c} = '${ORG_A}'`);
      if (!("refused" in update) || !REFUSED.test(update.refused))
        failures.push(`${table}: update into B ${"refused" in update ? update.refused : "accepted"}`);
    }
    expect(failures).toEqual([]);
  });

  it("as the owner connection: business rows only of the workspace set, none without one; identity tables whole", async () => {
    const failures: string[] = [];
    for (const { table, column } of await workspaceTables()) {
      const t = quoted(table);
      const c = quoted(column);
      const identity = IDENTITY_TABLES.includes(table);
      const none = await attempt("owner", null, `select count(*)::int as n from ${t} where ${c} in ('${ORG_A}', '${ORG_B}')`);
      const expected = identity ? 2 : 0;
      if (!("rows" in none)) failures.push(`${table}: ${none.refused}`);
      else if (identity ? (none.rows[0]!.n as number) < expected : none.rows[0]!.n !== 0)
        failures.push(`${table}: ${String(none.rows[0]!.n)} rows without a workspace`);
      if (identity) continue;

      const ofB = await attempt("owner", ORG_A, `select count(*)::int as n from ${t} where ${c} = '${ORG_B}'`);
      if (!("rows" in ofB) || ofB.rows[0]!.n !== 0) failures.push(`${table}: rows of B visible to the owner in A`);
      // The owner appends audit entries of any workspace (identity changes); every other write into B is refused.
      if (table === "audit_log") continue;
      const update = await attempt("owner", ORG_A, `update ${t} set ${c} = '${ORG_B}' where ${c} = '${ORG_A}'`);
      if (!("refused" in update) || !REFUSED.test(update.refused))
        failures.push(`${table}: owner update into B ${"refused" in update ? update.refused : "accepted"}`);
    }
    expect(failures).toEqual([]);
  });
});

describe("row-level security", () => {
  it("inside a workspace, only that workspace's rows exist, even without a where clause", async () => {
    const names = await withWorkspace(runtime, ORG_A, (tx) => tx.select({ name: student.name }).from(student));
    expect(names).toEqual([{ name: `Student of ${ORG_A}` }]);
    const entries = await withWorkspace(runtime, ORG_A, (tx) => tx.select({ description: auditLog.description }).from(auditLog));
    expect(entries).toEqual([{ description: `entry of ${ORG_A}` }]);
  });

  it("glassroom_app reads the members of its workspace only", async () => {
    const members = await withWorkspace(runtime, ORG_A, (tx) => tx.execute<{ id: string }>(sql`select id from member order by id`));
    expect(members.rows.map((row) => row.id)).toEqual([`${ORG_A}-m-parent`, `${ORG_A}-m-tutor`]);
  });

  it("the students search function answers only ids of the workspace set, and none without one", async () => {
    const search = (tx: Transaction) => tx.execute<{ id: string }>(sql`select student_search_ids('%of%') as id`);
    const inA = await withWorkspace(runtime, ORG_A, async (tx) => (await search(tx)).rows);
    const [ofA] = await app.db
      .select({ id: student.id })
      .from(student)
      .where(sql`organization_id = ${ORG_A}`);
    expect(inA).toEqual([{ id: ofA!.id }]);
    const outcome = await attempt("app", null, "select student_search_ids('%of%') as id");
    expect(outcome).toEqual({ rows: [] });
  });

  it("the audit log is append-only, for the application role and the owner alike", async () => {
    expect(await databaseRefusal(withWorkspace(runtime, ORG_A, (tx) => tx.delete(auditLog)))).toMatch(/permission denied/);
    expect(await databaseRefusal(withWorkspace(runtime, ORG_A, (tx) => tx.update(auditLog).set({ description: "rewritten" })))).toMatch(/permission denied/);
    const rewritten = await attempt("owner", ORG_A, "update audit_log set description = 'rewritten' returning id");
    const deleted = await attempt("owner", ORG_A, "delete from audit_log returning id");
    expect([rewritten, deleted]).toEqual([{ rows: [] }, { rows: [] }]);
  });

  it("the platform's audit log is append-only, and unread inside a workspace", async () => {
    expect(await databaseRefusal(withWorkspace(runtime, ORG_A, (tx) => tx.select().from(platformAuditLog)))).toMatch(/permission denied/);
    const rewritten = await attempt("owner", null, "update platform_audit_log set description = 'rewritten' returning id");
    const deleted = await attempt("owner", null, "delete from platform_audit_log returning id");
    expect([rewritten, deleted]).toEqual([{ rows: [] }, { rows: [] }]);
  });

  it("glassroom_app may not write the tables it only reads or never touches", async () => {
    const writes = [
      "insert into enquiry (kind, name, email, fields) values ('contact', 'Eve', 'eve@example.com', '{}')",
      "update enquiry set handled_at = now()",
      "delete from enquiry",
      "update member set role = 'admin'",
      "update organization set name = 'Taken'",
      "insert into dev_outbox (from_address, to_address, subject, body) values ('a@example.com', 'b@example.com', 's', 'b')",
      'update "user" set devops = true',
      "select * from session",
      "select * from account",
      "delete from student",
      // A published version of the health rules is what cards cite: never rewritten.
      "update health_rule_version set changes = 'rewritten'",
      "delete from health_rule_version",
      // Alerts and contests are the card's history: their status changes, they are never deleted.
      "delete from health_alert",
      "delete from health_contest",
      "update health_excusal set excused_at = now()",
      "delete from health_excusal",
      "delete from alert_digest",
      // A lead's timeline is what happened; a stage is archived, never deleted.
      "update lead_activity set summary = 'rewritten'",
      "delete from lead_activity",
      "delete from crm_stage",
      // A conversion's link to its students is written once; a trial is never deleted on its own.
      "update lead_student set position = 2",
      "delete from lead_student",
      "delete from lead_trial",
      // The kept counts are written only by their triggers, as the owner.
      "insert into member_count (organization_id, role, status, total) values ('org-rls-a', 'tutor', 'active', 1000)",
      "update member_count set total = 0",
      "update student_count set total = 0",
      "delete from student_count",
      "update acknowledgement_count set total = 0",
      "delete from acknowledgement_count",
    ];
    for (const statement of writes) {
      const outcome = await attempt("app", ORG_A, statement);
      expect({ statement, outcome }).toEqual({ statement, outcome: { refused: expect.stringMatching(/permission denied/) } });
    }
  });

  it("a look-up before any workspace sees only the row it names", async () => {
    const invitations = await withLookup(runtime, "app.invitation_token_hash", `${ORG_B}-invitation-hash`, (tx) =>
      tx.execute<{ organization_id: string }>(sql`select organization_id from workspace_invitation`),
    );
    expect(invitations.rows).toEqual([{ organization_id: ORG_B }]);
    const feeds = await withLookup(runtime, "app.calendar_feed_token_hash", `${ORG_A}-feed-hash`, (tx) =>
      tx.execute<{ organization_id: string }>(sql`select organization_id from calendar_feed`),
    );
    expect(feeds.rows).toEqual([{ organization_id: ORG_A }]);
    const byEmail = await withLookup(runtime, "app.invitation_email", `invited@${ORG_A}.example`, (tx) =>
      tx.execute<{ organization_id: string }>(sql`select organization_id from workspace_invitation`),
    );
    expect(byEmail.rows).toEqual([{ organization_id: ORG_A }]);
    // A scan sees only what it scans: no student, whichever scan it names.
    const students = await withLookup(runtime, "app.scan", "session-reminders", (tx) => tx.execute(sql`select id from student`));
    expect(students.rows).toEqual([]);
  });

  it("the role and workspace end with the transaction: the pooled connection is clean again", async () => {
    await withWorkspace(runtime, ORG_A, async () => {});
    const client = await runtime.$client.connect();
    try {
      const { rows } = await client.query("select current_user as role, current_setting('app.organization_id', true) as workspace");
      expect(rows[0].role).not.toBe("glassroom_app");
      expect(rows[0].workspace ?? "").toBe("");
    } finally {
      client.release();
    }
  });

  it("sends BEGIN with the work's first query, and still answers each of the work's queries with its own rows", async () => {
    const [names, entries, members] = await withWorkspace(runtime, ORG_B, (tx) =>
      Promise.all([
        tx.select({ name: student.name }).from(student),
        tx.select({ description: auditLog.description }).from(auditLog),
        tx.execute<{ id: string }>(sql`select id from member order by id`),
      ]),
    );
    expect(names).toEqual([{ name: `Student of ${ORG_B}` }]);
    expect(entries).toEqual([{ description: `entry of ${ORG_B}` }]);
    expect(members.rows.map((row) => row.id)).toEqual([`${ORG_B}-m-parent`, `${ORG_B}-m-tutor`]);
  });

  it("a work that fails, before or after its first query, leaves nothing written and the connection clean", async () => {
    const before = await app.db.select({ description: auditLog.description }).from(auditLog);
    await expect(
      withWorkspace(runtime, ORG_A, async () => {
        throw new Error("failed before any query");
      }),
    ).rejects.toThrow("failed before any query");
    await expect(
      withWorkspace(runtime, ORG_A, async (tx) => {
        await tx.insert(auditLog).values({ organizationId: ORG_A, action: "TEST", description: "never kept" });
        throw new Error("failed after a write");
      }),
    ).rejects.toThrow("failed after a write");
    expect(await app.db.select({ description: auditLog.description }).from(auditLog)).toEqual(before);
    const client = await runtime.$client.connect();
    try {
      const { rows } = await client.query(
        "select current_user as role, current_setting('app.organization_id', true) as workspace, now() = statement_timestamp() as outside",
      );
      expect(rows[0]).toEqual({ role: "glassroom_owner", workspace: "", outside: true });
    } finally {
      client.release();
    }
  });

  it("refuses a workspace id that no literal can carry before anything is sent", async () => {
    let ran = false;
    await expect(
      withWorkspace(runtime, "org\0", async () => {
        ran = true;
      }),
    ).rejects.toThrow(/NUL/);
    expect(ran).toBe(false);
  });
});
