import { List, Stack, Text } from "@mantine/core";
import type { HealthRulesVersion } from "../../../../shared/schemas/student-health.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { Instant } from "../../../components/ui/instant.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { useHealthRuleVersions } from "../api.ts";

/** Version 1 is the defaults, written by no one. */
const publisher = (version: HealthRulesVersion) => version.publishedByName ?? (version.version === 1 ? "The defaults" : "A former member");

function Changes({ version }: { version: HealthRulesVersion }) {
  if (version.changes.length === 0) return <Text size="sm">No change recorded.</Text>;
  return (
    <List size="sm" spacing={2}>
      {version.changes.map((change) => (
        <List.Item key={change} style={{ overflowWrap: "anywhere" }}>
          {change}
        </List.Item>
      ))}
    </List>
  );
}

const COLUMNS: DataColumn<HealthRulesVersion>[] = [
  { header: "Version", rowHeader: true, cell: (version) => `Version ${version.version}`, nowrap: true },
  { header: "Published", cell: (version) => <Instant at={version.publishedAt} />, minWidth: 170 },
  { header: "By", cell: publisher, minWidth: 120 },
  { header: "What changed", cell: (version) => <Changes version={version} />, minWidth: 320 },
];

/** Every version of the rules, newest first: who published it, when, and what it changed. */
export function RuleVersions() {
  const versions = useHealthRuleVersions();
  return (
    <QueryState query={versions} label="the versions">
      {(data) => (
        <DataTable
          rows={data.items}
          columns={COLUMNS}
          rowKey={(version) => String(version.version)}
          aria-label="Versions of the health rules"
          listLabel="Versions of the health rules"
          minWidth={760}
          empty={<Text size="sm">No version published yet.</Text>}
          card={(version) => (
            <Stack gap={4}>
              <Text fw={600}>Version {version.version}</Text>
              <Text size="sm">
                <Instant at={version.publishedAt} /> · {publisher(version)}
              </Text>
              <Changes version={version} />
            </Stack>
          )}
        />
      )}
    </QueryState>
  );
}
