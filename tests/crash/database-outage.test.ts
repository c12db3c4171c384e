import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../src/shared/messages.ts";
import { HEALTHY_PROBE_KEPT_MS } from "../../src/server/features/health/database-probe.ts";
import { ApiClient } from "../client.ts";
import { startServerProcess, type ServerProcess } from "../server-process.ts";
import { freePort, startTestPostgres, type TestPostgres } from "../test-postgres.ts";

/**
 * Database outage: the real server process on a PostgreSQL server that goes away while
 * requests run: stopped (it refuses connections), or frozen (SIGSTOP: connections stay open
 * and nothing ever answers, as when the network to it is cut). The API answers 503 with the
 * catalogue message within seconds and stays up; when the database is back it recovers by
 * itself; no write is half-applied.
 */
const PASSWORD = "Outage-Test-Passphrase-42";
const DOWN = { error: { code: "DATABASE_UNAVAILABLE", message: MESSAGES.databaseDown } };
const HEALTH_DOWN = { status: "degraded", version: expect.any(String), database: "unavailable" };
/** Longest answer while the database refuses connections (in practice a few milliseconds). */
const STOPPED_ANSWER_WITHIN_MS = 5_000;
/**
 * Longest answer while it does not answer at all: the query timeout (5 s,
 * src/server/db/client.ts) and, where Better Auth hides the cause, a ping of at most 2 s.
 */
const FROZEN_ANSWER_WITHIN_MS = 8_000;
const RECOVERY_WITHIN_MS = 5_000;

const dataDir = mkdtempSync(path.join(os.tmpdir(), "glassroom-outage-"));
let database: TestPostgres;
let server: ServerProcess;
let port = 0;
let cookie = "";
let frozen: number[] = [];
const adminEmail = "olga-admin@example.com";

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  ms: number;
}

async function send(method: string, pathname: string, body?: unknown, withCookie = false): Promise<Answer> {
  const origin = `http://localhost:${port}`;
  const started = performance.now();
  const response = await fetch(`${origin}${pathname}`, {
    // A new connection each time: no kept-alive socket the server may be closing just then.
    keepalive: false,
    method,
    redirect: "manual",
    headers: { origin, ...(body === undefined ? {} : { "content-type": "application/json" }), ...(withCookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    // Far longer than the limits, so that a slow answer fails an assertion, not the fetch.
    signal: AbortSignal.timeout(30_000),
  }).catch((error: unknown) => {
    throw new Error(
      `${method} ${pathname} failed after ${Math.round(performance.now() - started)} ms; server ${server.running() ? "running" : "exited"}:\n${server.output().slice(-3000)}`,
      { cause: error },
    );
  });
  const text = await response.text();
  return { status: response.status, body: text.startsWith("{") ? JSON.parse(text) : text, ms: Math.round(performance.now() - started) };
}

const signUpBody = (email: string, workspaceName: string) => ({ fullName: "Olga Outage", email, password: PASSWORD, workspaceName });

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

/** The test PostgreSQL's processes: its postmaster and every process it started. */
function postgresProcesses(dir: string): number[] {
  const postmaster = Number(readFileSync(path.join(dir, "postmaster.pid"), "utf8").split("\n")[0]);
  const children = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // /proc/<pid>/stat is "pid (name) state ppid ...".
        return readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]!.split(" ")[1] === String(postmaster);
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

beforeAll(async () => {
  database = await startTestPostgres();
  port = await freePort();
  server = await startServerProcess({
    port,
    dataDir,
    databaseUrl: database.url,
    env: { GLASSROOM_API_ONLY: "true", RATE_LIMIT_MULTIPLIER: "1000", NODE_ENV: "development" },
  });
  expect((await send("POST", "/api/signup", signUpBody(adminEmail, "Outage Lab"))).status).toBe(201);
  // The mail job sends the confirmation just after the sign-up that queued it.
  let mail = "";
  for (let waited = 0; !mail && waited < 30_000; waited += 100) {
    mail = (await send("GET", `/api/dev/outbox?to=${adminEmail}`)).body.items[0]?.text ?? "";
    if (!mail) await sleep(100);
  }
  const link = new URL(mail.match(/https?:\/\/\S+verify-email\S*/)![0]);
  expect((await send("GET", link.pathname + link.search)).status).toBe(302);
  const admin = new ApiClient(`http://localhost:${port}`);
  expect((await admin.post("/api/auth/sign-in/email", { email: adminEmail, password: PASSWORD })).status).toBe(200);
  cookie = admin.cookieHeader();
}, 90_000);

afterAll(async () => {
  for (const pid of frozen) signal(pid, "SIGCONT");
  await server?.stop().catch(() => {});
  await database?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

interface Outage {
  name: "stopped" | "frozen";
  answerWithinMs: number;
  rounds: number;
  goDown(): Promise<void>;
  comeBack(): Promise<void>;
}

async function survive(outage: Outage) {
  const tag = outage.name;
  expect((await send("GET", "/api/me", undefined, true)).status).toBe(200);

  // Writers keep going while the database goes away, so that some writes are in flight at
  // that moment; each remembers what it was answered and whether it began after the outage.
  let writing = true;
  let down = false;
  const signups: { email: string; status: number; afterDown: boolean }[] = [];
  const renames: { name: string; status: number; afterDown: boolean }[] = [];
  const writers = [
    (async () => {
      for (let n = 0; writing; n++) {
        const email = `olga-${tag}-${n}@example.com`;
        const afterDown = down;
        const { status } = await send("POST", "/api/signup", signUpBody(email, `Outage ${tag} ${n}`));
        signups.push({ email, status, afterDown });
        if (status !== 201) await sleep(20);
      }
    })(),
    (async () => {
      for (let n = 1; writing; n++) {
        const name = `Outage Lab ${tag} ${n}`;
        const afterDown = down;
        const { status } = await send("PATCH", "/api/admin/workspace", { name }, true);
        renames.push({ name, status, afterDown });
        if (status !== 200) await sleep(20);
      }
    })(),
  ];
  await sleep(500);
  await outage.goDown();
  down = true;
  const downAt = performance.now();

  // While it is down: every kind of request, each answered 503 with the catalogue message in time.
  const slow: string[] = [];
  const wrong: string[] = [];
  const refusedEmail = `olga-${tag}-refused@example.com`;
  let slowestMs = 0;
  let healthWasKept = false;
  for (let round = 0; round < outage.rounds; round++) {
    // Health keeps a healthy probe for a second (features/health/database-probe.ts): in that
    // second after the database went away it may still answer what it last saw.
    const healthMayBeKept = performance.now() - downAt < HEALTHY_PROBE_KEPT_MS;
    const answers: [string, Promise<Answer>, unknown][] = [
      ["GET /api/health", send("GET", "/api/health"), HEALTH_DOWN],
      ["GET /api/me", send("GET", "/api/me", undefined, true), DOWN],
      ["GET /api/admin/dashboard", send("GET", "/api/admin/dashboard", undefined, true), DOWN],
      ["PATCH /api/admin/workspace", send("PATCH", "/api/admin/workspace", { name: `Renamed while ${tag}` }, true), DOWN],
      ["POST /api/signup", send("POST", "/api/signup", signUpBody(refusedEmail, `Signup while ${tag}`)), DOWN],
      ["POST /api/auth/sign-in/email", send("POST", "/api/auth/sign-in/email", { email: adminEmail, password: PASSWORD }), DOWN],
    ];
    for (const [label, pending, expected] of answers) {
      const answer = await pending;
      slowestMs = Math.max(slowestMs, answer.ms);
      if (answer.ms > outage.answerWithinMs) slow.push(`${label}: ${answer.ms} ms`);
      if (label === "GET /api/health" && healthMayBeKept && answer.status === 200) {
        healthWasKept = true;
        continue;
      }
      if (answer.status !== 503) wrong.push(`${label}: ${answer.status} ${JSON.stringify(answer.body)}`);
      else expect(answer.body, label).toEqual(expected);
    }
    await sleep(200);
  }
  if (healthWasKept) {
    // Once its kept probe is older than a second, health asks the database again and says it is down.
    await sleep(Math.max(0, HEALTHY_PROBE_KEPT_MS - (performance.now() - downAt)));
    const health = await send("GET", "/api/health");
    if (health.status !== 503) wrong.push(`GET /api/health after ${HEALTHY_PROBE_KEPT_MS} ms: ${health.status} ${JSON.stringify(health.body)}`);
    else expect(health.body).toEqual(HEALTH_DOWN);
  }
  writing = false;
  await Promise.all(writers);
  expect(wrong).toEqual([]);
  expect(slow).toEqual([]);
  for (const write of [...signups, ...renames].filter((attempt) => attempt.afterDown)) {
    expect(write.status, `a write begun during the outage (${tag})`).toBe(503);
  }
  expect(server.running()).toBe(true);

  // Back: the same process recovers by itself.
  await outage.comeBack();
  const back = performance.now();
  let recoveredMs = -1;
  while (performance.now() - back < 15_000) {
    if ((await send("GET", "/api/health")).status === 200) {
      recoveredMs = Math.round(performance.now() - back);
      break;
    }
    await sleep(100);
  }
  console.log(
    `database-outage (${tag}): ${outage.rounds * 6} requests while down, all 503, slowest ${slowestMs} ms; recovered ${recoveredMs} ms after the database was back; ${signups.length} sign-ups and ${renames.length} renames attempted around the outage`,
  );
  expect(recoveredMs).toBeGreaterThanOrEqual(0);
  expect(recoveredMs).toBeLessThan(RECOVERY_WITHIN_MS);
  expect(server.running()).toBe(true);
  expect((await send("GET", "/api/me", undefined, true)).status).toBe(200);
  const renamed = await send("PATCH", "/api/admin/workspace", { name: `Outage Lab after ${tag}` }, true);
  expect(renamed.status).toBe(200);
  expect(renamed.body.name).toBe(`Outage Lab after ${tag}`);
  expect((await send("POST", "/api/signup", signUpBody(`olga-${tag}-after@example.com`, `After ${tag}`))).status).toBe(201);

  // Nothing half-applied. Writes refused during the outage left nothing; the one in flight
  // when it began may have committed (its answer lost) or not, but never in part. Read as
  // the superuser: what is stored, past row-level security.
  const db = new pg.Client({ connectionString: database.adminUrl });
  await db.connect();
  try {
    const rows = async (text: string, params: unknown[] = []) => (await db.query(text, params)).rows;
    expect(await rows(`select email from "user" where email = $1`, [refusedEmail])).toEqual([]);
    expect(await rows(`select name from organization where name in ($1, $2)`, [`Renamed while ${tag}`, `Signup while ${tag}`])).toEqual([]);
    for (const attempt of signups) {
      const found = await rows(`select id from "user" where email = $1`, [attempt.email]);
      if (attempt.status === 201) expect(found, `${attempt.email} was acknowledged`).toHaveLength(1);
      if (attempt.afterDown) expect(found, `${attempt.email} was refused`).toHaveLength(0);
    }
    const audited = (await rows(`select metadata->>'name' as name from audit_log where action = 'WORKSPACE_SETTINGS_CHANGED'`)).map((row) => row.name);
    for (const rename of renames) {
      if (rename.status === 200) expect(audited, `${rename.name} was acknowledged`).toContain(rename.name);
      if (rename.afterDown) expect(audited, `${rename.name} was refused`).not.toContain(rename.name);
    }
    expect(await rows(`select email from "user" u where not exists (select 1 from member m where m.user_id = u.id)`)).toEqual([]);
    expect(await rows(`select email from "user" u where not exists (select 1 from account a where a.user_id = u.id)`)).toEqual([]);
    expect(await rows(`select email from "user" u where not exists (select 1 from audit_log l where l.action = 'USER_SIGNUP' and l.user_id = u.id)`)).toEqual(
      [],
    );
    expect(await rows(`select name from organization o where not exists (select 1 from member m where m.organization_id = o.id and m.role = 'admin')`)).toEqual(
      [],
    );
    // The workspace's name is the one whose change was audited last.
    const [workspace] = await rows(
      `select o.name from organization o join member m on m.organization_id = o.id join "user" u on u.id = m.user_id where u.email = $1`,
      [adminEmail],
    );
    expect(workspace.name).toBe(`Outage Lab after ${tag}`);
  } finally {
    await db.end();
  }
}

describe("database outage", () => {
  it("stopped database: 503 with the catalogue message at once, recovery by itself, nothing half-applied", async () => {
    await survive({
      name: "stopped",
      answerWithinMs: STOPPED_ANSWER_WITHIN_MS,
      rounds: 3,
      goDown: () => database.stop(),
      comeBack: () => database.start(),
    });
  }, 90_000);

  it("database that stops answering: 503 within seconds instead of a hang, recovery by itself, nothing half-applied", async () => {
    await survive({
      name: "frozen",
      answerWithinMs: FROZEN_ANSWER_WITHIN_MS,
      rounds: 1,
      goDown: async () => {
        frozen = postgresProcesses(database.dir);
        for (const pid of frozen) signal(pid, "SIGSTOP");
      },
      comeBack: async () => {
        for (const pid of frozen) signal(pid, "SIGCONT");
        frozen = [];
      },
    });
  }, 90_000);
});
