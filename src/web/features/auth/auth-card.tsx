import { Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef, type ReactNode } from "react";

/**
 * The frame of the sign-in, sign-up and account recovery screens. `announce` moves focus to
 * the heading when the card replaces a form (a result, the next step), so that keyboard and
 * screen reader users start reading there.
 */
export function AuthCard({
  title,
  description,
  announce = false,
  children,
}: {
  title: string;
  description?: ReactNode;
  announce?: boolean;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!announce) return;
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, [announce, title]);

  return (
    <Stack maw={440} mx="auto" px="md" gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2" ref={heading} tabIndex={announce ? -1 : undefined} style={announce ? { outline: "none" } : undefined}>
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
