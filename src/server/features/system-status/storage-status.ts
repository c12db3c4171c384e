/**
 * What the stored files take: the sizes the database records for each recorded session file
 * and each uploaded version of a library resource, whatever the store (local folders or an S3
 * bucket, which cannot be listed cheaply). Read under row-level security like any business
 * read: a workspace's inside withWorkspace; the install's by entering each workspace in turn
 * (the owner connection sees no tenant row otherwise). Decision 024.
 */
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { SystemStatus } from "../../../shared/schemas/system-status.ts";
import type { AppDeps } from "../../core/context.ts";
import { sessionRecording } from "../../db/schema.ts";
import { resourceVersion } from "../../db/resources-schema.ts";
import { withWorkspace, type Queryable } from "../../db/tenant.ts";
import type { StatusScope } from "./scope.ts";

export type StoredBytes = {
  recordings: number;
  resources: number;
};

/** One workspace's bytes, in one statement (run inside the workspace, which `workspace` names). */
export const storedBytesSql = (workspace: SQL) => sql`
    select
      (select coalesce(sum(${sessionRecording.sizeBytes}), 0)::float8 from ${sessionRecording}
        where ${sessionRecording.organizationId} = ${workspace} and ${sessionRecording.kind} = 'file') as recordings,
      (select coalesce(sum(${resourceVersion.sizeBytes}), 0)::float8 from ${resourceVersion}
        where ${resourceVersion.organizationId} = ${workspace} and ${resourceVersion.storageKey} is not null) as resources`;

export async function storedBytes(tx: Queryable, organizationId: string): Promise<StoredBytes> {
  const { rows } = await tx.execute<{ recordings: number; resources: number }>(storedBytesSql(sql`${organizationId}`));
  return rows[0]!;
}

/**
 * The same statement for the workspace a PL/pgSQL loop variable names, as text: a DO block
 * takes no parameters (it has none but the variable).
 */
const STORED_BYTES_IN_LOOP = new PgDialect().sqlToQuery(storedBytesSql(sql.raw("workspace"))).sql;

/**
 * Every workspace's bytes added up in one round trip: the database loops over the workspaces,
 * entering each in turn (the owner's row-level security then shows that workspace's rows alone,
 * as withWorkspace's does), and keeps each one's figures in a temporary table dropped at commit.
 * A loop of requests from here cost a round trip or two per workspace (about a millisecond each).
 */
export async function installStoredBytes(db: AppDeps["db"]): Promise<StoredBytes & { workspaces: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`create temporary table workspace_stored_bytes (recordings float8 not null, resources float8 not null) on commit drop`);
    await tx.execute(
      sql.raw(`do $$
        declare workspace text;
        begin
          for workspace in select id from organization loop
            perform set_config('app.organization_id', workspace, true);
            insert into workspace_stored_bytes (recordings, resources) ${STORED_BYTES_IN_LOOP};
          end loop;
        end $$`),
    );
    const { rows } = await tx.execute<StoredBytes & { workspaces: number }>(
      sql`select coalesce(sum(recordings), 0)::float8 as recordings, coalesce(sum(resources), 0)::float8 as resources, count(*)::int as workspaces from workspace_stored_bytes`,
    );
    return rows[0]!;
  });
}

export async function storageStatus(deps: Pick<AppDeps, "db" | "config">, scope: StatusScope): Promise<SystemStatus["storage"]> {
  const kind = deps.config.storage.kind;
  if (scope.kind === "install") {
    const { recordings, resources, workspaces } = await installStoredBytes(deps.db);
    return { kind, recordingsBytes: recordings, resourcesBytes: resources, workspaces };
  }
  const bytes = await withWorkspace(deps.db, scope.organizationId, (tx) => storedBytes(tx, scope.organizationId));
  return { kind, recordingsBytes: bytes.recordings, resourcesBytes: bytes.resources, workspaces: null };
}
