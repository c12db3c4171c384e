import { randomInt } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { runningEmbeddedDatabaseUrl, runningEmbeddedSuperuserUrl } from "../../src/server/db/embedded.ts";
import { ApiClient } from "../client.ts";
import { seededRandom, startServerProcess, type ServerProcess } from "../server-process.ts";
import { freePort } from "../test-postgres.ts";

/**
 * Crash safety: a few clients write through the API of the real server process (on its
 * embedded PostgreSQL) while the server is killed with SIGKILL at random moments and started
 * again. Every write the API acknowledged must be there afterwards, and nothing may be
 * half-written. Odd rounds kill only the Node process (its PostgreSQL is left running, as
 * after `kill -9` of the app); even rounds kill the whole process group, PostgreSQL and its
 * backends included, so that PostgreSQL itself has to recover from its write-ahead log.
 *
 * Repeat a run with CRASH_SEED=<the printed seed>; CRASH_ROUNDS changes the number of kills.
 */
const SEED = Number(process.env.CRASH_SEED ?? randomInt(1, 2 ** 31));
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 8);
const PASSWORD = "Crash-Safety-Passphrase-42";
const random = seededRandom(SEED);

const dataDir = mkdtempSync(path.join(os.tmpdir(), "glassroom-crash-"));
let port = 0;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop().catch(() => {});
  // A PostgreSQL orphaned by a failed run (its server killed, none started after it).
  const url = runningEmbeddedDatabaseUrl(dataDir);
  if (url) {
    server = await startServerProcess({ port, dataDir, ownProcessGroup: true }).catch(() => undefined);
    await server?.stop().catch(() => {});
  }
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const start = () =>
  startServerProcess({ port, dataDir, ownProcessGroup: true, env: { GLASSROOM_API_ONLY: "true", RATE_LIMIT_MULTIPLIER: "100000", NODE_ENV: "development" } });

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** One request; a socket error (server killed, or not yet back) answers status 0. */
async function send(method: string, pathname: string, body?: unknown, cookie?: string): Promise<Answer> {
  const origin = `http://localhost:${port}`;
  try {
    const response = await fetch(`${origin}${pathname}`, {
      method,
      headers: { origin, ...(body === undefined ? {} : { "content-type": "application/json" }), ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    return { status: response.status, body: text.startsWith("{") ? JSON.parse(text) : text };
  } catch {
    return { status: 0, body: null };
  }
}

/** The dev outbox's mails to `email` once there is one: the mail job sends it just after the request that queued it. */
async function mailsTo(email: string): Promise<{ text: string }[]> {
  const deadline = performance.now() + 30_000;
  for (;;) {
    const outbox = await send("GET", `/api/dev/outbox?to=${encodeURIComponent(email)}`);
    if (outbox.status === 200 && outbox.body.items.length > 0) return outbox.body.items;
    if (performance.now() > deadline) throw new Error(`no mail to ${email} after 30 s`);
    await sleep(100);
  }
}

interface SignupAttempt {
  email: string;
  workspaceName: string | null;
  acknowledged: boolean;
}

describe("crash safety", () => {
  it(`keeps every acknowledged write and half-writes nothing across ${ROUNDS} SIGKILLs (seed ${SEED})`, async () => {
    console.log(`crash-safety: seed ${SEED} (repeat with CRASH_SEED=${SEED}), ${ROUNDS} rounds`);
    const started = performance.now();
    port = await freePort();
    server = await start();

    // The admin whose workspace the settings, join sign-ups and approvals go to.
    const adminEmail = `crash-admin-${SEED}@example.com`;
    expect((await send("POST", "/api/signup", { fullName: "Crash Admin", email: adminEmail, password: PASSWORD, workspaceName: "Crash Lab 0" })).status).toBe(
      201,
    );
    const link = (await mailsTo(adminEmail))[0]!.text.match(/https?:\/\/\S+verify-email\S*/)![0];
    const verified = await send("GET", new URL(link).pathname + new URL(link).search);
    expect(verified.status, JSON.stringify(verified.body) + link).toBe(302);
    const admin = new ApiClient(`http://localhost:${port}`);
    expect((await admin.post("/api/auth/sign-in/email", { email: adminEmail, password: PASSWORD })).status).toBe(200);
    const adminCookie = admin.cookieHeader();
    const settings = await send("GET", "/api/admin/workspace", undefined, adminCookie);
    expect(settings.status).toBe(200);
    const joinCode: string = settings.body.joinCode;
    const adminOrganizationId: string = settings.body.id;

    // Billing: a family (a student's own account) to invoice and to take payments from.
    const created = await send("POST", "/api/admin/students", { name: "Crash Family Child" }, adminCookie);
    expect(created.status).toBe(201);
    const accounts = await send("GET", "/api/admin/billing/accounts", undefined, adminCookie);
    expect(accounts.status).toBe(200);
    const accountId: string = accounts.body.items.find((item: { students: { id: string }[] }) =>
      item.students.some((child) => child.id === created.body.id),
    ).id;

    let running = true;
    const signups: SignupAttempt[] = [];
    /** Issued invoices the API acknowledged (their number), and payments it acknowledged. */
    const issuedInvoices = new Map<string, { number: string; totalMinor: number }>();
    const payments = new Map<string, { invoiceId: string; amountMinor: number }>();
    const setting = { lastAcknowledged: 0, lastAttempted: 0, acknowledged: 0 };
    const approved = new Set<string>();
    const answersWhileUp = { fivexx: [] as string[] };

    const noteServerError = (label: string, answer: Answer) => {
      // 503 DATABASE_UNAVAILABLE is the right answer in the instant the database is killed
      // before the server; any other 5xx is a bug.
      if (answer.status >= 500 && answer.body?.error?.code !== "DATABASE_UNAVAILABLE")
        answersWhileUp.fivexx.push(`${label}: ${answer.status} ${JSON.stringify(answer.body)}`);
    };

    const signupWorker = async (worker: number) => {
      for (let n = 0; running; n++) {
        const join = n % 3 === 2;
        const attempt: SignupAttempt = {
          email: `crash-${SEED}-${worker}-${n}@example.com`,
          workspaceName: join ? null : `Crash Signup ${worker}-${n}`,
          acknowledged: false,
        };
        signups.push(attempt);
        const answer = await send("POST", "/api/signup", {
          fullName: `Crash Person ${worker}-${n}`,
          email: attempt.email,
          password: PASSWORD,
          ...(join ? { joinCode } : { workspaceName: attempt.workspaceName }),
        });
        if (answer.status === 201) attempt.acknowledged = true;
        else if (answer.status === 0) await sleep(30);
        else noteServerError(`sign-up ${attempt.email}`, answer);
      }
    };

    const settingsWorker = async () => {
      while (running) {
        const value = ++setting.lastAttempted;
        const answer = await send("PATCH", "/api/admin/workspace", { name: `Crash Lab ${value}` }, adminCookie);
        if (answer.status === 200) {
          setting.lastAcknowledged = value;
          setting.acknowledged++;
        } else if (answer.status === 0) await sleep(30);
        else noteServerError(`settings ${value}`, answer);
      }
    };

    const approvalsWorker = async () => {
      while (running) {
        const list = await send("GET", "/api/admin/approvals", undefined, adminCookie);
        if (list.status !== 200) {
          noteServerError("approvals list", list);
          await sleep(30);
          continue;
        }
        for (const item of list.body.items as { memberId: string }[]) {
          if (!running) break;
          const answer = await send("POST", `/api/admin/approvals/${item.memberId}/approve`, { role: "student" }, adminCookie);
          if (answer.status === 200) approved.add(item.memberId);
          else noteServerError(`approve ${item.memberId}`, answer);
        }
        await sleep(20);
      }
    };

    // Each round of this worker drafts an invoice of one fee line and issues it.
    const invoicesWorker = async () => {
      for (let n = 1; running; n++) {
        const draft = await send(
          "POST",
          "/api/admin/billing/invoices",
          { accountId, lines: [{ description: `Crash workbook ${n}`, amountMinor: 1000 + n }] },
          adminCookie,
        );
        if (draft.status !== 201) {
          if (draft.status === 0) await sleep(30);
          else noteServerError(`invoice draft ${n}`, draft);
          continue;
        }
        const issued = await send("POST", `/api/admin/billing/invoices/${draft.body.id}/issue`, undefined, adminCookie);
        if (issued.status === 200) issuedInvoices.set(draft.body.id, { number: issued.body.number, totalMinor: issued.body.totalMinor });
        else if (issued.status === 0) await sleep(30);
        else noteServerError(`invoice issue ${n}`, issued);
      }
    };

    // Pays each acknowledged invoice in full; a request the kill cut off is sent again with the
    // same idempotency key (the payment is then recorded once, whether or not the first got in).
    const paymentsWorker = async () => {
      while (running) {
        const unpaid = [...issuedInvoices].find(([invoiceId]) => ![...payments.values()].some((payment) => payment.invoiceId === invoiceId));
        if (!unpaid) {
          await sleep(50);
          continue;
        }
        const [invoiceId, invoice] = unpaid;
        const answer = await send(
          "POST",
          "/api/admin/billing/payments",
          {
            accountId,
            method: "cash",
            amountMinor: invoice.totalMinor,
            receivedOn: new Date().toISOString().slice(0, 10),
            allocations: [{ invoiceId, amountMinor: invoice.totalMinor }],
            idempotencyKey: `crash-pay-${invoiceId}`,
          },
          adminCookie,
        );
        if (answer.status === 201 || answer.status === 200) payments.set(answer.body.id, { invoiceId, amountMinor: invoice.totalMinor });
        else if (answer.status === 0) await sleep(30);
        else noteServerError(`payment of ${invoiceId}`, answer);
      }
    };

    const workers = [signupWorker(1), signupWorker(2), signupWorker(3), settingsWorker(), approvalsWorker(), invoicesWorker(), paymentsWorker()];
    const restarts: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      await sleep(200 + Math.floor(random() * 1300));
      if (round % 2 === 0) await server.killGroup();
      else await server.kill();
      const restarting = performance.now();
      server = await start();
      restarts.push(Math.round(performance.now() - restarting));
    }
    // Let the clients go on against the last server until each kind of write has been
    // acknowledged at least once (on a busy machine the kills can come before the first approval).
    const settled = performance.now() + 60_000;
    do await sleep(500);
    while (
      (approved.size === 0 ||
        setting.acknowledged === 0 ||
        !signups.some((attempt) => attempt.acknowledged) ||
        issuedInvoices.size === 0 ||
        payments.size === 0) &&
      performance.now() < settled
    );
    running = false;
    await Promise.all(workers);

    // The checks: straight in the database of the restarted server, as the superuser (what is
    // stored, past row-level security).
    const db = new pg.Client({ connectionString: runningEmbeddedSuperuserUrl(dataDir) });
    await db.connect();
    const problems: string[] = [];
    let activeStudents = -1;
    try {
      const rows = async (sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows;

      // Mail is sent by the mail job after the request that queued it: let the last server's
      // workers send what is queued. A job a kill interrupted (active) or made fail (retry)
      // waits for pg-boss to expire or retry it (minutes): its mail counts as on its way.
      const deadline = performance.now() + 30_000;
      while ((await rows(`select count(*)::int as waiting from pgboss.job where name = 'mail' and state = 'created'`))[0].waiting > 0) {
        if (performance.now() > deadline) {
          problems.push("mail jobs still queued 30 s after the last restart");
          break;
        }
        await sleep(200);
      }

      // 1. Every acknowledged sign-up: the account with its password, its membership, its
      //    confirmation mail and its USER_SIGNUP audit entry.
      for (const attempt of signups.filter((candidate) => candidate.acknowledged)) {
        const [account] = await rows(
          `select u.id, (select count(*)::int from account a where a.user_id = u.id and a.provider_id = 'credential' and a.password is not null) as credentials
           from "user" u where u.email = $1`,
          [attempt.email],
        );
        if (!account) {
          problems.push(`acknowledged sign-up ${attempt.email} has no user`);
          continue;
        }
        if (account.credentials !== 1) problems.push(`acknowledged sign-up ${attempt.email} has ${account.credentials} password accounts`);
        const memberships = await rows(
          `select m.role, m.status, m.organization_id, o.name from member m join organization o on o.id = m.organization_id where m.user_id = $1`,
          [account.id],
        );
        const expected = attempt.workspaceName
          ? memberships.some((m) => m.role === "admin" && m.status === "active" && m.name === attempt.workspaceName)
          : memberships.some((m) => m.organization_id === adminOrganizationId && ["pending", "student"].includes(m.role));
        if (memberships.length !== 1 || !expected) problems.push(`acknowledged sign-up ${attempt.email} has memberships ${JSON.stringify(memberships)}`);
        const [mails] = await rows(
          `select (select count(*)::int from dev_outbox where to_address = $1 and subject like 'Confirm your email%')
                + (select count(*)::int from pgboss.job where name = 'mail' and state in ('active', 'retry') and data->>'to' = $1 and data->>'subject' like 'Confirm your email%') as total`,
          [attempt.email],
        );
        if (mails.total < 1) problems.push(`acknowledged sign-up ${attempt.email} got no confirmation mail`);
        const [audit] = await rows(`select count(*)::int as total from audit_log where action = 'USER_SIGNUP' and user_id = $1`, [account.id]);
        if (audit.total !== 1) problems.push(`acknowledged sign-up ${attempt.email} has ${audit.total} USER_SIGNUP audit entries`);
      }

      // 2. Nothing half-written, whether acknowledged or not.
      for (const row of await rows(`select email from "user" u where not exists (select 1 from member m where m.user_id = u.id)`)) {
        problems.push(`user ${row.email} has no membership (a half-made sign-up)`);
      }
      for (const row of await rows(`select email from "user" u where not exists (select 1 from account a where a.user_id = u.id)`)) {
        problems.push(`user ${row.email} has no account to sign in with (a half-made sign-up)`);
      }
      for (const row of await rows(
        `select name from organization o where not exists (select 1 from member m where m.organization_id = o.id and m.role = 'admin' and m.status = 'active')`,
      )) {
        problems.push(`workspace ${row.name} has no active admin`);
      }
      for (const row of await rows(`select description from audit_log where action = 'USER_SIGNUP' and user_id is null`)) {
        problems.push(`USER_SIGNUP audit entry of a user that no longer exists: ${row.description}`);
      }
      for (const row of await rows(
        `select u.email from "user" u where not exists (select 1 from audit_log l where l.action = 'USER_SIGNUP' and l.user_id = u.id)`,
      )) {
        problems.push(`user ${row.email} has no USER_SIGNUP audit entry`);
      }

      // 3. The workspace setting: the last acknowledged value or a later attempted one, and the
      //    change that set it audited in the same transaction.
      const [workspace] = await rows(`select name from organization where id = $1`, [adminOrganizationId]);
      const value = Number(/^Crash Lab (\d+)$/.exec(workspace.name)?.[1]);
      if (!(value >= setting.lastAcknowledged && value <= setting.lastAttempted)) {
        problems.push(`workspace name is "${workspace.name}": expected Crash Lab ${setting.lastAcknowledged}..${setting.lastAttempted}`);
      }
      if (value > 0) {
        const [audit] = await rows(
          `select count(*)::int as total from audit_log where action = 'WORKSPACE_SETTINGS_CHANGED' and organization_id = $1 and metadata->>'name' = $2`,
          [adminOrganizationId, workspace.name],
        );
        if (audit.total !== 1) problems.push(`the change to "${workspace.name}" has ${audit.total} audit entries`);
      }

      // 4. Approvals: every acknowledged one active, every approval audited and vice versa.
      for (const memberId of approved) {
        const [row] = await rows(`select role, status from member where id = $1`, [memberId]);
        if (row?.role !== "student" || row?.status !== "active") problems.push(`acknowledged approval of ${memberId} is ${JSON.stringify(row)}`);
      }
      const audited = new Set(
        (await rows(`select metadata->>'memberId' as id from audit_log where action = 'MEMBER_APPROVED' and organization_id = $1`, [adminOrganizationId])).map(
          (row) => row.id,
        ),
      );
      const active = await rows(`select id from member where organization_id = $1 and role = 'student' and status = 'active'`, [adminOrganizationId]);
      activeStudents = active.length;
      for (const row of active) if (!audited.has(row.id)) problems.push(`member ${row.id} is active without a MEMBER_APPROVED audit entry`);
      for (const id of audited) if (!active.some((row) => row.id === id)) problems.push(`MEMBER_APPROVED audit entry for ${id}, which is not active`);

      // 5. Billing: every acknowledged invoice issued with its number; the workspace's numbers
      //    1, 2, 3 … without a gap or a repeat; every acknowledged payment there with its
      //    ledger entry and allocation; every stored payment, fee line and paid amount whole.
      for (const [invoiceId, invoice] of issuedInvoices) {
        const [row] = await rows(`select status, number from invoice where id = $1`, [invoiceId]);
        if (row?.status !== "issued" || row?.number !== invoice.number) problems.push(`acknowledged invoice ${invoice.number} is ${JSON.stringify(row)}`);
      }
      const numbers = (await rows(`select number from invoice where organization_id = $1 and number is not null`, [adminOrganizationId])).map((row) =>
        Number(/(\d+)$/.exec(row.number)![1]),
      );
      numbers.sort((a, b) => a - b);
      if (numbers.some((value, index) => value !== index + 1)) problems.push(`invoice numbers are not 1..${numbers.length}: ${numbers.join(", ")}`);
      for (const [paymentId, payment] of payments) {
        const [row] = await rows(
          `select p.amount_minor, (select count(*)::int from ledger_entry e where e.payment_id = p.id and e.kind = 'payment') as entries,
                  (select coalesce(sum(a.amount_minor), 0)::int from allocation a where a.payment_id = p.id and a.invoice_id = $2) as allocated
           from payment p where p.id = $1`,
          [paymentId, payment.invoiceId],
        );
        if (!row || Number(row.amount_minor) !== payment.amountMinor || row.entries !== 1 || row.allocated !== payment.amountMinor)
          problems.push(`acknowledged payment ${paymentId} is ${JSON.stringify(row)}`);
      }
      for (const row of await rows(
        `select p.id, (select count(*)::int from ledger_entry e where e.payment_id = p.id and e.kind = 'payment') as entries from payment p where p.organization_id = $1`,
        [adminOrganizationId],
      ))
        if (row.entries !== 1) problems.push(`payment ${row.id} has ${row.entries} ledger entries`);
      for (const row of await rows(
        `select i.number from invoice i where i.organization_id = $1 and i.paid_minor <> (select coalesce(sum(a.amount_minor), 0) from allocation a where a.invoice_id = i.id)`,
        [adminOrganizationId],
      ))
        problems.push(`invoice ${row.number}: its paid amount is not the sum of its allocations`);
      for (const row of await rows(
        `select i.number from invoice_line l join invoice i on i.organization_id = l.organization_id and i.id = l.invoice_id
         where i.organization_id = $1 and i.status = 'issued' and l.kind = 'fee' and (l.charge_entry_id is null or not exists (select 1 from ledger_entry e where e.id = l.charge_entry_id))`,
        [adminOrganizationId],
      ))
        problems.push(`issued invoice ${row.number} has a fee line without its ledger entry`);

      const acknowledgedSignups = signups.filter((attempt) => attempt.acknowledged).length;
      console.log(
        `crash-safety: ${ROUNDS} kills, restarts ${restarts.join("/")} ms; acknowledged: ${acknowledgedSignups} of ${signups.length} sign-ups, ` +
          `${setting.acknowledged} of ${setting.lastAttempted} settings changes, ${approved.size} approvals, ${issuedInvoices.size} invoices issued, ${payments.size} payments; ${Math.round((performance.now() - started) / 1000)} s`,
      );
      // The clients did write (on a busy machine, fewer: the checks above hold for any number).
      expect(acknowledgedSignups).toBeGreaterThan(0);
      expect(setting.acknowledged).toBeGreaterThan(0);
      expect(approved.size).toBeGreaterThan(0);
      expect(issuedInvoices.size).toBeGreaterThan(0);
      expect(payments.size).toBeGreaterThan(0);
    } finally {
      await db.end();
    }
    expect(problems, `seed ${SEED}`).toEqual([]);
    expect(answersWhileUp.fivexx, `seed ${SEED}`).toEqual([]);

    // The restarted server serves the admin as before.
    const dashboard = await send("GET", "/api/admin/dashboard", undefined, adminCookie);
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.byRole.student).toBe(activeStudents);

    // The ledger's hash chain and running balances hold across the kills (checked by the verification job).
    expect((await send("POST", "/api/admin/billing/ledger/verifications", undefined, adminCookie)).status).toBeLessThan(300);
    let verification: { ok: boolean | null; problem: string | null; finishedAt: string | null } | null = null;
    for (const deadline = performance.now() + 30_000; performance.now() < deadline; await sleep(200)) {
      verification = (await send("GET", "/api/admin/billing/ledger/verifications/latest", undefined, adminCookie)).body.verification;
      if (verification?.finishedAt) break;
    }
    expect(verification, `seed ${SEED}`).toMatchObject({ ok: true, problem: null });
  }, 360_000);
});
