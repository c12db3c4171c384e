import { formatBytes } from "../../../../shared/schemas/recordings.ts";
import type { SystemStatus } from "../../../../shared/schemas/system-status.ts";
import { count } from "../format.ts";
import { StatusCard, StatusFact } from "./status-card.tsx";

/** Where files are kept and what the recordings and the library's files take, as recorded at upload. */
export function StorageCard({ storage }: { storage: SystemStatus["storage"] }) {
  return (
    <StatusCard title="Storage">
      <StatusFact label="Kept in">{storage.kind === "s3" ? "An S3 bucket" : "The server's disk (DATA_DIR)"}</StatusFact>
      <StatusFact label="Session recordings">{formatBytes(storage.recordingsBytes)}</StatusFact>
      <StatusFact label="Library files">{formatBytes(storage.resourcesBytes)}</StatusFact>
      {storage.workspaces !== null ? <StatusFact label="Workspaces counted">{count(storage.workspaces, "workspace")}</StatusFact> : null}
    </StatusCard>
  );
}
