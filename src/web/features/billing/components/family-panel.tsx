import { Card, Stack, Text, Title } from "@mantine/core";
import { useId, type ReactNode } from "react";

/**
 * One part of a family account on the parent's billing screen: a card labelled by its h3 (the
 * account's name is the h2 above it, as a parent may pay for more than one account).
 */
export function FamilyPanel({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={3} size="h4" id={headingId}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}
