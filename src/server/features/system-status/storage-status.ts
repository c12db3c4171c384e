/**
 * What the stored files take: the sizes the database records for each recorded session file
 * and each uploaded version of a library resource, whatever the store (local folders or an S3
 * bucket, which cannot be listed cheaply). Read under row-level security like any business
 * read: a workspace's inside withWorkspace; the install's by entering each workspace in turn in
 * one transaction (the owner connection sees no tenant row otherwise). Decision 024.
 */
import { asc, sql } from "drizzle-orm";
import type { SystemStatus } from "../../../shared/schemas/system-status.ts";
import type { AppDeps } from "../../core/context.ts";
import { organization, sessionRecording } from "../../db/schema.ts";
import { resourceVersion } from "../../db/resources-schema.ts";
import { enterWorkspace, withWorkspace, type Queryable } from "../../db/tenant.ts";
import type { StatusScope } from "./scope.ts";

export interface StoredBytes {
  recordings: number;
  resources: number;
}

/** One workspace's bytes, in one statement (run inside the workspace). */
export async function storedBytesQuery(tx: Queryable, organizationId: string): Promise<StoredBytes> {
  const { rows } = await tx.execute<{ recordings: number; resources: number }>(sql`
    select
      (select coalesce(sum(${sessionRecording.sizeBytes}), 0)::float8 from ${sessionRecording}
        where ${sessionRecording.organizationId} = ${organizationId} and ${sessionRecording.kind} = 'file') as recordings,
      (select coalesce(sum(${resourceVersion.sizeBytes}), 0)::float8 from ${resourceVersion}
        where ${resourceVersion.organizationId} = ${organizationId} and ${resourceVersion.storageKey} is not null) as resources`);
  return rows[0]!;
}

/** Every workspace's bytes added up: one transaction, each workspace entered in turn (two statements each). */
export async function installStoredBytes(db: AppDeps["db"]): Promise<StoredBytes & { workspaces: number }> {
  return db.transaction(async (tx) => {
    const workspaces = await tx.select({ id: organization.id }).from(organization).orderBy(asc(organization.id));
    const total = { recordings: 0, resources: 0, workspaces: workspaces.length };
    for (const { id } of workspaces) {
      await enterWorkspace(tx, id);
      const bytes = await storedBytesQuery(tx, id);
      total.recordings += bytes.recordings;
      total.resources += bytes.resources;
    }
    return total;
  });
}

export async function storageStatus(deps: Pick<AppDeps, "db" | "config">, scope: StatusScope): Promise<SystemStatus["storage"]> {
  const kind = deps.config.storage.kind;
  if (scope.kind === "install") {
    const { recordings, resources, workspaces } = await installStoredBytes(deps.db);
    return { kind, recordingsBytes: recordings, resourcesBytes: resources, workspaces };
  }
  const bytes = await withWorkspace(deps.db, scope.organizationId, (tx) => storedBytesQuery(tx, scope.organizationId));
  return { kind, recordingsBytes: bytes.recordings, resourcesBytes: bytes.resources, workspaces: null };
}
