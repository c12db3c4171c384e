import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { PROJECT_ROOT } from "../project-root.ts";
import type { Database } from "./client.ts";
import { citusStatements, LOCAL_TABLES, REFERENCE_TABLES, schemaTables, WORKSPACE_COLUMN } from "./distribution.ts";

/*
 * What Citus requires of tables distributed by workspace (docs/scaling.md), checked in the
 * migrated database's catalog: every business table (every table with organization_id) has
 * organization_id in its primary key, in each of its unique constraints and unique indexes, and
 * in each foreign key to another business table, on both sides; its other foreign keys reference
 * reference tables only. Platform tables are the explicit lists of distribution.ts, none of
 * which may have a workspace column, so no business table can be listed away.
 */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(() => app?.close());

async function rows<T>(db: Database, text: string): Promise<T[]> {
  return (await db.$client.query(text)).rows as T[];
}

/** Every table of the public schema, and whether it has the workspace column. */
async function catalogTables(db: Database): Promise<{ name: string; hasWorkspaceColumn: boolean }[]> {
  return rows(
    db,
    `select c.relname as name,
            exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = '${WORKSPACE_COLUMN}' and not a.attisdropped) as "hasWorkspaceColumn"
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      order by 1`,
  );
}

/** Every way a business table breaks the rules above, in words; none for a distributable schema. */
async function distributionKeyProblems(db: Database): Promise<string[]> {
  const tables = await catalogTables(db);
  const business = new Set(tables.filter((table) => table.hasWorkspaceColumn).map((table) => table.name));
  const problems: string[] = [];

  const primaryKeys = await rows<{ table: string }>(
    db,
    `select c.relname as table from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and k.contype = 'p'`,
  );
  for (const name of business) {
    if (!primaryKeys.some((key) => key.table === name)) problems.push(`${name} has no primary key`);
  }

  // Unique indexes cover primary keys and unique constraints, and unique indexes made alone.
  const uniqueIndexes = await rows<{ table: string; index: string; primary: boolean; hasWorkspaceColumn: boolean }>(
    db,
    `select c.relname as table, i.relname as index, x.indisprimary as primary,
            exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = '${WORKSPACE_COLUMN}' and a.attnum = any (x.indkey)) as "hasWorkspaceColumn"
       from pg_index x join pg_class c on c.oid = x.indrelid join pg_class i on i.oid = x.indexrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and x.indisunique`,
  );
  for (const index of uniqueIndexes) {
    if (business.has(index.table) && !index.hasWorkspaceColumn)
      problems.push(`${index.table}: ${index.primary ? "primary key" : "unique index"} ${index.index} lacks ${WORKSPACE_COLUMN}`);
  }

  const foreignKeys = await rows<{ table: string; name: string; referenced: string; columns: string[]; referencedColumns: string[] }>(
    db,
    `select c.relname as table, k.conname as name, f.relname as referenced,
            array(select a.attname::text from unnest(k.conkey) with ordinality as key(attnum, position) join pg_attribute a on a.attrelid = k.conrelid and a.attnum = key.attnum order by key.position) as columns,
            array(select a.attname::text from unnest(k.confkey) with ordinality as key(attnum, position) join pg_attribute a on a.attrelid = k.confrelid and a.attnum = key.attnum order by key.position) as "referencedColumns"
       from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class f on f.oid = k.confrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and k.contype = 'f'`,
  );
  for (const key of foreignKeys) {
    if (!business.has(key.table)) continue;
    if (business.has(key.referenced)) {
      const position = key.columns.indexOf(WORKSPACE_COLUMN);
      if (position === -1 || key.referencedColumns[position] !== WORKSPACE_COLUMN)
        problems.push(`${key.table}: foreign key ${key.name} to ${key.referenced} does not match ${WORKSPACE_COLUMN} with ${WORKSPACE_COLUMN}`);
    } else if (!(key.referenced in REFERENCE_TABLES)) {
      problems.push(`${key.table}: foreign key ${key.name} references ${key.referenced}, neither a business table nor a reference table`);
    }
  }
  return problems.sort();
}

describe("every business table can be distributed by workspace", () => {
  it("every table is a business table (with organization_id), a reference table or a platform table, and only business tables have the column", async () => {
    const tables = await catalogTables(app.db);
    const listed = { ...REFERENCE_TABLES, ...LOCAL_TABLES };
    expect(tables.filter((table) => table.hasWorkspaceColumn && table.name in listed).map((table) => table.name)).toEqual([]);
    expect(tables.filter((table) => !table.hasWorkspaceColumn && !(table.name in listed)).map((table) => table.name)).toEqual([]);
    expect(Object.keys(listed).filter((name) => !tables.some((table) => table.name === name))).toEqual([]);
  });

  it("keeps organization_id in every primary key, unique index and foreign key between business tables", async () => {
    expect(await distributionKeyProblems(app.db)).toEqual([]);
  });

  it("names what breaks the rules: a primary key or unique token without the workspace, a foreign key across workspaces or to a platform table", async () => {
    await app.db.$client.query(`create table distribution_probe (
      organization_id text not null references organization (id), id uuid primary key, token text unique,
      other_organization_id text, student_id uuid, foreign key (other_organization_id, student_id) references student (organization_id, id),
      enquiry_id uuid references enquiry (id))`);
    try {
      expect(await distributionKeyProblems(app.db)).toEqual([
        "distribution_probe: foreign key distribution_probe_enquiry_id_fkey references enquiry, neither a business table nor a reference table",
        "distribution_probe: foreign key distribution_probe_other_organization_id_student_id_fkey to student does not match organization_id with organization_id",
        "distribution_probe: primary key distribution_probe_pkey lacks organization_id",
        "distribution_probe: unique index distribution_probe_token_key lacks organization_id",
      ]);
    } finally {
      await app.db.$client.query("drop table distribution_probe");
    }
  });

  it("the Drizzle schema that the statements come from has the tables of the migrated database", async () => {
    const tables = await catalogTables(app.db);
    expect(schemaTables().map(({ name, hasWorkspaceColumn }) => ({ name, hasWorkspaceColumn }))).toEqual(tables);
  });

  it("docs/scaling.md lists the statements the schema makes (npm run db:citus-statements)", () => {
    const document = readFileSync(path.join(PROJECT_ROOT, "docs/scaling.md"), "utf8");
    expect(document).toContain(citusStatements().join("\n"));
  });
});
