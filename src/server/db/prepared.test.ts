import { and, asc, eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { createDatabase, type Database } from "./client.ts";
import { preparedRead } from "./prepared.ts";
import { member, user } from "./schema.ts";
import { withWorkspace, type Queryable } from "./tenant.ts";

/*
 * Reads built once per shape: run in a transaction, or alone in a workspace in one round
 * trip. `single` is the app's own role (glassroom_owner) through a pool of ONE connection, so
 * that every read below reuses the same connection and its prepared statements.
 */
let app: TestApp;
let single: Database;
const ORG_A = "org-prepared-a";
const ORG_B = "org-prepared-b";
/** Names a value written as a literal must survive: quotes, backslashes, a statement's end, other scripts. */
const AWKWARD_NAMES = ["O'Brien", "Back\\slash \\' end", "Semi; drop table member; --", 'Double "quoted"', "Zoë Ålund-Øster 李", "$1 and $$ dollars"];

let builds = 0;
const membersOf = preparedRead((tx: Queryable, shape: { role: boolean; name: boolean; since: boolean }) => {
  builds += 1;
  return tx
    .select({ id: member.id, role: member.role, name: user.name, createdAt: member.createdAt })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(
      and(
        eq(member.organizationId, sql.placeholder("organizationId")),
        shape.role ? eq(member.role, sql.placeholder("role")) : undefined,
        shape.name ? eq(user.name, sql.placeholder("name")) : undefined,
        shape.since ? gt(member.createdAt, sql.placeholder("since")) : undefined,
      ),
    )
    .orderBy(asc(member.id))
    .limit(sql.placeholder("limit"));
});
/** Every kind of value the app's reads select: text, a time, booleans, a null of a subquery, a number from bigint text, JSON. */
const everyKind = {
  id: member.id,
  name: user.name,
  createdAt: member.createdAt,
  emailVerified: user.emailVerified,
  twoFactorEnabled: user.twoFactorEnabled,
  otherMembership: sql<string | null>`(select m2.id from member m2 where m2.user_id = ${user.id} and m2.id <> ${member.id} limit 1)`,
  inWorkspace: sql<number>`count(*) over ()`.mapWith(Number),
  summary: sql<{ role: string; at: string }>`json_build_object('role', ${member.role}, 'at', ${member.createdAt})`,
};
const kindsOf = preparedRead((tx: Queryable, _shape: { org: boolean }) =>
  tx
    .select(everyKind)
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(member.organizationId, sql.placeholder("organizationId")))
    .orderBy(asc(member.id)),
);
/** The same selection, built and mapped by Drizzle on every run, to compare with. */
const kindsByDrizzle = (tx: Queryable, organizationId: string) =>
  tx.select(everyKind).from(member).innerJoin(user, eq(user.id, member.userId)).where(eq(member.organizationId, organizationId)).orderBy(asc(member.id));
const refusedValue = preparedRead((tx: Queryable, _shape: { any: boolean }) =>
  tx
    .select({
      id: member.id,
      odd: sql<string>`'not a number'`.mapWith((value: string) => {
        throw new Error(`cannot read ${value}`);
      }),
    })
    .from(member)
    .where(eq(member.organizationId, sql.placeholder("organizationId"))),
);

const ALL = { role: false, name: false, since: false };
const BY_ROLE = { role: true, name: false, since: false };
const BY_NAME = { role: false, name: true, since: false };
const SINCE = { role: false, name: false, since: true };

async function seed(org: string): Promise<void> {
  await app.db.execute(
    sql`insert into organization (id, name, slug, created_at, join_code) values (${org}, ${org}, ${org}, now(), ${org === ORG_A ? "PREPAAAA" : "PREPBBBB"})`,
  );
  const people = [
    ["tutor", "tutor", `Tutor of ${org}`],
    ["parent", "parent", `Parent of ${org}`],
    ...AWKWARD_NAMES.map((name, index) => [`student-${index}`, "student", name]),
  ];
  for (const [key, role, name] of people) {
    await app.db.execute(sql`insert into "user" (id, name, email) values (${`${org}-${key}`}, ${name}, ${`${key}@${org}.example`})`);
    await app.db.execute(
      sql`insert into member (id, organization_id, user_id, role, status, created_at) values (${`${org}-m-${key}`}, ${org}, ${`${org}-${key}`}, ${role}, 'active', now())`,
    );
  }
}

/** The connection's role and workspace between requests. */
async function connectionState(db: Database): Promise<{ role: string; workspace: string }> {
  const client = await db.$client.connect();
  try {
    const { rows } = await client.query("select current_user as role, coalesce(current_setting('app.organization_id', true), '') as workspace");
    return rows[0] as { role: string; workspace: string };
  } finally {
    client.release();
  }
}

beforeAll(async () => {
  app = await createTestApp();
  single = createDatabase(app.databaseUrl, { max: 1 });
  await seed(ORG_A);
  await seed(ORG_B);
});

afterAll(async () => {
  await single?.$client.end();
  await app?.close();
});

describe("a read built once per shape", () => {
  it("reads in one round trip exactly what it reads in a transaction, for each shape and workspace, built once per shape", async () => {
    builds = 0;
    for (const org of [ORG_A, ORG_B]) {
      for (const [shape, values] of [
        [ALL, {}],
        [BY_ROLE, { role: "student" }],
        [BY_ROLE, { role: "tutor" }],
        [BY_NAME, { name: "O'Brien" }],
      ] as const) {
        const all = { organizationId: org, limit: 50, ...values };
        const inTransaction = await withWorkspace(single, org, (tx) => membersOf.run(tx, shape, all));
        const alone = await membersOf.readInWorkspace(single, org, shape, all);
        expect(alone).toEqual(inTransaction);
        expect(alone.length).toBeGreaterThan(0);
        expect(alone.every((row) => row.createdAt instanceof Date)).toBe(true);
      }
    }
    expect(builds).toBe(3);
    expect((await membersOf.readInWorkspace(single, ORG_A, BY_ROLE, { organizationId: ORG_A, role: "tutor", limit: 50 })).map((row) => row.name)).toEqual([
      `Tutor of ${ORG_A}`,
    ]);
  });

  it("maps each kind of value exactly as Drizzle's own query maps it", async () => {
    for (const org of [ORG_A, ORG_B]) {
      const [prepared, byDrizzle] = await withWorkspace(single, org, async (tx) => [
        await kindsOf.run(tx, { org: true }, { organizationId: org }),
        await kindsByDrizzle(tx, org),
      ]);
      expect(prepared).toEqual(byDrizzle);
      expect(prepared[0]).toMatchObject({ createdAt: expect.any(Date), emailVerified: false, otherMembership: null, inWorkspace: 2 + AWKWARD_NAMES.length });
      expect(prepared[0]!.summary).toEqual({ role: expect.any(String), at: expect.any(String) });
    }
    // Alone in the workspace, after the settings' own row: the same rows.
    expect(await kindsOf.readInWorkspace(single, ORG_A, { org: true }, { organizationId: ORG_A })).toEqual(
      await withWorkspace(single, ORG_A, (tx) => kindsByDrizzle(tx, ORG_A)),
    );
  });

  it("refuses a value its decoder cannot read, and the connection reads again", async () => {
    await expect(withWorkspace(single, ORG_A, (tx) => refusedValue.run(tx, { any: true }, { organizationId: ORG_A }))).rejects.toThrow(
      /cannot read not a number/,
    );
    await expect(refusedValue.readInWorkspace(single, ORG_A, { any: true }, { organizationId: ORG_A })).rejects.toThrow(/cannot read not a number/);
    expect(await connectionState(single)).toEqual({ role: "glassroom_owner", workspace: "" });
    expect(await membersOf.readInWorkspace(single, ORG_A, ALL, { organizationId: ORG_A, limit: 50 })).toHaveLength(2 + AWKWARD_NAMES.length);
    expect(await withWorkspace(single, ORG_A, (tx) => membersOf.run(tx, ALL, { organizationId: ORG_A, limit: 50 }))).toHaveLength(2 + AWKWARD_NAMES.length);
  });

  it("runs in a transaction as a named statement: prepared once on its connection, then only bound and run", async () => {
    const values = { organizationId: ORG_A, name: "O'Brien", limit: 50 };
    const { sql: text } = membersOf.toSQL(single, BY_NAME, values);
    const preparedAs = async () =>
      (await single.execute<{ name: string }>(sql`select name from pg_prepared_statements where not from_sql and statement = ${text}`)).rows.map(
        (row) => row.name,
      );
    for (let run = 0; run < 2; run++) {
      expect(await withWorkspace(single, ORG_A, (tx) => membersOf.run(tx, BY_NAME, values))).toHaveLength(1);
      expect(await preparedAs()).toEqual([expect.stringMatching(/^q_[\w-]+$/)]);
    }
  });

  it("runs inside the workspace: row-level security hides another workspace's rows whatever the values say", async () => {
    expect(await membersOf.readInWorkspace(single, ORG_B, ALL, { organizationId: ORG_A, limit: 50 })).toEqual([]);
    expect(await withWorkspace(single, ORG_B, (tx) => membersOf.run(tx, ALL, { organizationId: ORG_A, limit: 50 }))).toEqual([]);
  });

  it("leaves the connection as it found it: no role, no workspace", async () => {
    await membersOf.readInWorkspace(single, ORG_A, ALL, { organizationId: ORG_A, limit: 50 });
    expect(await connectionState(single)).toEqual({ role: "glassroom_owner", workspace: "" });
  });

  it("writes its values as literals that mean exactly themselves", async () => {
    for (const name of AWKWARD_NAMES) {
      const rows = await membersOf.readInWorkspace(single, ORG_A, BY_NAME, { organizationId: ORG_A, name, limit: 50 });
      expect(rows.map((row) => row.name)).toEqual([name]);
    }
    // A value that is not a member's name finds nothing, and nothing else happened.
    expect(await membersOf.readInWorkspace(single, ORG_A, BY_NAME, { organizationId: ORG_A, name: "x'); delete from member; --", limit: 50 })).toEqual([]);
    expect(await membersOf.readInWorkspace(single, ORG_A, ALL, { organizationId: ORG_A, limit: 50 })).toHaveLength(2 + AWKWARD_NAMES.length);
  });

  it("refuses a value that no literal can carry (a NUL character) before the read is sent", async () => {
    // The reason is the error's message (or, from a query Drizzle ran, its cause's).
    const reason = (read: Promise<unknown>) =>
      read.then(
        () => "read",
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await reason(membersOf.readInWorkspace(single, ORG_A, BY_NAME, { organizationId: ORG_A, name: "a\0b", limit: 50 }))).toMatch(/NUL/);
    expect(await reason(membersOf.readInWorkspace(single, "org\0", ALL, { organizationId: ORG_A, limit: 50 }))).toMatch(/NUL/);
  });

  it("after a statement the database refuses, the same connection reads again, clean", async () => {
    await expect(membersOf.readInWorkspace(single, ORG_A, SINCE, { organizationId: ORG_A, since: "not a time", limit: 50 })).rejects.toThrow();
    expect(await connectionState(single)).toEqual({ role: "glassroom_owner", workspace: "" });
    expect(await membersOf.readInWorkspace(single, ORG_A, SINCE, { organizationId: ORG_A, since: "2000-01-01T00:00:00Z", limit: 50 })).toHaveLength(
      2 + AWKWARD_NAMES.length,
    );
  });

  it("on a new connection (the old one cut), prepares its statement again", async () => {
    await membersOf.readInWorkspace(single, ORG_A, ALL, { organizationId: ORG_A, limit: 50 });
    const { rows } = await single.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
    const cut = rows[0]!.pid;
    await app.db.execute(sql`select pg_terminate_backend(${cut})`);
    await expect.poll(async () => (await app.db.execute(sql`select 1 from pg_stat_activity where pid = ${cut}`)).rows.length).toBe(0);
    // The cut connection fails the read it is given (unless the pool noticed first), and is not given again.
    await membersOf.readInWorkspace(single, ORG_A, ALL, { organizationId: ORG_A, limit: 50 }).catch(() => []);
    expect(await membersOf.readInWorkspace(single, ORG_A, ALL, { organizationId: ORG_A, limit: 50 })).toHaveLength(2 + AWKWARD_NAMES.length);
    const { rows: now } = await single.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
    expect(now[0]!.pid).not.toBe(cut);
  });
});
