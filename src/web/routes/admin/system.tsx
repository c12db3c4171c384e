import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { auditCsvHref, NO_AUDIT_FILTERS, useAuditLog, type AuditFilters as Filters } from "../../features/audit/api.ts";
import { AuditFilters } from "../../features/audit/components/audit-filters.tsx";
import { AuditLog } from "../../features/audit/components/audit-log.tsx";
import { ExportPanel } from "../../features/workspace-export/components/export-panel.tsx";
import { metaFor } from "../../lib/meta.ts";

export const meta = () => metaFor("/admin/system");

/** System: the workspace's audit log, with filters, "Load more" and the CSV of what the filters match. */
export default function System() {
  const [filters, setFilters] = useState<Filters>(NO_AUDIT_FILTERS);
  const log = useAuditLog(filters);
  const filtered = Object.values(filters).some(Boolean);

  return (
    <>
      <PageHeader title="System" description="The audit log of your workspace: every change, and every read of a student's record.">
        <Text size="sm" c="dimmed">
          Version, database and mail status and scheduled jobs will also be shown here.
        </Text>
      </PageHeader>
      <Stack gap="md" pb="xl" component="section" aria-labelledby="export-heading" id="export">
        <Title order={2} size="h3" id="export-heading">
          Export
        </Title>
        <ExportPanel />
      </Stack>
      <Stack gap="md" pb={64} component="section" aria-labelledby="audit-heading">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Title order={2} size="h3" id="audit-heading">
            Audit log
          </Title>
          <Button component="a" href={auditCsvHref(filters)} download variant="default" leftSection={<IconDownload size={18} aria-hidden="true" />}>
            Download CSV
          </Button>
        </Group>
        <AuditFilters onChange={setFilters} />
        <QueryState query={log} label="the audit log">
          {() => <AuditLog query={log} filtered={filtered} />}
        </QueryState>
      </Stack>
    </>
  );
}
