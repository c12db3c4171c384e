/** The status of a workspace or of the install: every section read at once. */
import type { SystemStatus } from "../../../shared/schemas/system-status.ts";
import type { AppDeps } from "../../core/context.ts";
import { databaseStatus } from "./database.ts";
import { jobStatuses } from "./job-status.ts";
import { mailStatus } from "./mail-status.ts";
import type { StatusScope } from "./scope.ts";
import { storageStatus } from "./storage-status.ts";
import { versionStatus } from "./version.ts";

export async function readSystemStatus(deps: AppDeps, scope: StatusScope): Promise<SystemStatus> {
  const now = deps.clock.now();
  const [database, mail, storage, jobs] = await Promise.all([
    databaseStatus(deps.db),
    mailStatus(deps, scope),
    storageStatus(deps, scope),
    jobStatuses(deps.db, scope, now),
  ]);
  return { scope: scope.kind, checkedAt: now.toISOString(), version: versionStatus(), database, mail, storage, jobs };
}
