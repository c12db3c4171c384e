import { Card, Group, Stack, Text, Title } from "@mantine/core";
import { useId, type ReactNode } from "react";

/**
 * One section of a screen (settings, a record's page): a card labelled by its h2, with an
 * optional description under the title, actions beside it, and a red border for a danger zone.
 */
export function SectionCard({
  title,
  description,
  actions,
  danger = false,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  danger?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId} style={danger ? { borderColor: "var(--mantine-color-red-7)" } : undefined}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ flex: "1 1 16rem" }}>
            <Title order={2} size="h3" id={headingId} c={danger ? "red" : undefined}>
              {title}
            </Title>
            {description ? (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            ) : null}
          </Stack>
          {actions}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
