import { Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The frame of the sign-in, sign-up and account recovery screens. */
export function AuthCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Stack maw={440} mx="auto" px="md" gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
      </Stack>
      <Paper withBorder p="lg" radius="md">
        {children}
      </Paper>
    </Stack>
  );
}
