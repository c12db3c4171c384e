/**
 * Whose status is read: one workspace's (its admins: its own mail, files and queued work) or
 * the whole install's (devops accounts).
 */
import { sql, type SQL } from "drizzle-orm";

export type StatusScope = { kind: "workspace"; organizationId: string } | { kind: "install" };

/**
 * The condition "the pg-boss job `alias` belongs to the scope": for a workspace, the job's data
 * names it (mail jobs since notify stamps them, and every other queue job's data); the install
 * takes every job.
 */
export function jobInScope(scope: StatusScope, alias: string): SQL {
  return scope.kind === "install" ? sql`true` : sql`${sql.raw(alias)}.data->>'organizationId' = ${scope.organizationId}`;
}

/** A timestamp as the API answers it, from node-postgres (a Date) or from JSON (a string). */
export const isoOf = (value: Date | string): string => new Date(value).toISOString();
