import { Badge, Text } from "@mantine/core";
import { formatBytes } from "../../../../shared/schemas/recordings.ts";
import type { SystemStatus } from "../../../../shared/schemas/system-status.ts";
import { Instant } from "../../../components/ui/instant.tsx";
import { StatusCard, StatusFact } from "./status-card.tsx";

/** The database: reachable and how fast, its size, its migrations against the code's. */
export function DatabaseCard({ database }: { database: SystemStatus["database"] }) {
  const { migrations } = database;
  return (
    <StatusCard
      title="Database"
      badge={
        <Badge color={database.reachable ? "teal" : "red"} variant="light">
          {database.reachable ? "Reachable" : "Not reachable"}
        </Badge>
      }
    >
      <StatusFact label="Round trip">{database.latencyMs === null ? "Not measured" : `${database.latencyMs} ms`}</StatusFact>
      <StatusFact label="Size">{database.sizeBytes === null ? "Not known" : formatBytes(database.sizeBytes)}</StatusFact>
      {migrations ? (
        <>
          <StatusFact label="Migrations">
            {migrations.applied} applied, {migrations.inCode} in this version
          </StatusFact>
          <StatusFact label="Latest migration">
            {migrations.latest ? (
              <>
                {migrations.latest.tag}
                <Text component="span" size="sm" c="dimmed" display="block">
                  written <Instant at={migrations.latest.writtenAt} />
                </Text>
              </>
            ) : (
              "None"
            )}
          </StatusFact>
          {migrations.notApplied.length > 0 ? (
            <StatusFact label="Not applied">
              <Text component="span" c="red" fw={600}>
                {migrations.notApplied.join(", ")}
              </Text>
            </StatusFact>
          ) : null}
        </>
      ) : null}
    </StatusCard>
  );
}
