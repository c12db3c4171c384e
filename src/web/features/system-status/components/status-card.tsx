import { Card, Group, Stack, Text, Title } from "@mantine/core";
import { useId, type ReactNode } from "react";

/** One part of the status (version, database, mail, storage): a card labelled by its heading, its facts as a description list. */
export function StatusCard({ title, badge, children }: { title: string; badge?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          {badge}
        </Group>
        <Stack component="dl" gap="xs" m={0}>
          {children}
        </Stack>
      </Stack>
    </Card>
  );
}

/** A label and its value in a StatusCard. */
export function StatusFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </div>
  );
}
