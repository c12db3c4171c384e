import { Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import type { StatusScope } from "../../../../shared/schemas/system-status.ts";
import { Instant } from "../../../components/ui/instant.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { useSystemStatus } from "../api.ts";
import { DatabaseCard } from "./database-card.tsx";
import { FailedMails } from "./failed-mails.tsx";
import { JobsTable } from "./jobs-table.tsx";
import { MailCard } from "./mail-card.tsx";
import { StorageCard } from "./storage-card.tsx";
import { VersionCard } from "./version-card.tsx";

/** The status of the workspace (admins) or of the install (devops): the four cards, the failed mails and the background jobs. */
export function SystemStatusPanel({ scope }: { scope: StatusScope }) {
  const status = useSystemStatus(scope);
  return (
    <QueryState query={status} label="the system status">
      {(data) => (
        <Stack gap="lg">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" c="dimmed" aria-live="polite">
              Checked <Instant at={data.checkedAt} />
            </Text>
            <Button
              variant="default"
              size="compact-md"
              leftSection={<IconRefresh size={16} aria-hidden="true" />}
              loading={status.isFetching}
              onClick={() => void status.refetch()}
            >
              Check again
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="md">
            <VersionCard version={data.version} />
            <DatabaseCard database={data.database} />
            <MailCard mail={data.mail} />
            <StorageCard storage={data.storage} />
          </SimpleGrid>
          <FailedMails scope={scope} mail={data.mail} />
          <JobsTable scope={scope} jobs={data.jobs} />
        </Stack>
      )}
    </QueryState>
  );
}
