import { Code } from "@mantine/core";
import type { SystemStatus } from "../../../../shared/schemas/system-status.ts";
import { Instant } from "../../../components/ui/instant.tsx";
import { shortCommit } from "../format.ts";
import { StatusCard, StatusFact } from "./status-card.tsx";

/** What the server runs: the version, its commit and web build, Node.js, and since when. */
export function VersionCard({ version }: { version: SystemStatus["version"] }) {
  return (
    <StatusCard title="Version">
      <StatusFact label="Glassroom">{version.version}</StatusFact>
      <StatusFact label="Commit">
        {version.commit ? <Code title={version.commit}>{shortCommit(version.commit)}</Code> : "Not known (no repository on the server)"}
      </StatusFact>
      <StatusFact label="Web app built">{version.builtAt ? <Instant at={version.builtAt} /> : "No web build on the server"}</StatusFact>
      <StatusFact label="Node.js">{version.node}</StatusFact>
      <StatusFact label="Server started">
        <Instant at={version.startedAt} />
      </StatusFact>
    </StatusCard>
  );
}
