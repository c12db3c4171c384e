import { Card, Group, Stack, Text, Title } from "@mantine/core";
import { useId, type ReactNode } from "react";

/** One part of a record's page: a card labelled by its h2, with an optional action beside the title. */
export function RecordCard({ title, description, action, children }: { title: string; description?: ReactNode; action?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ flex: "1 1 280px" }}>
            <Title order={2} size="h3" id={headingId}>
              {title}
            </Title>
            {description ? (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            ) : null}
          </Stack>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
