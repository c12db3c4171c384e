import { Button, Group, Stack, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { auditCsvHref, NO_AUDIT_FILTERS, useAuditLog, type AuditFilters as Filters } from "../../audit/api.ts";
import { AuditFilters } from "../../audit/components/audit-filters.tsx";
import { AuditLog } from "../../audit/components/audit-log.tsx";

/** The workspace's audit log, with its filters, "Load more" and the CSV of what the filters match. */
export function AuditLogSection() {
  const [filters, setFilters] = useState<Filters>(NO_AUDIT_FILTERS);
  const log = useAuditLog(filters);
  const filtered = Object.values(filters).some(Boolean);

  return (
    <Stack gap="md" component="section" aria-labelledby="audit-heading">
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
  );
}
