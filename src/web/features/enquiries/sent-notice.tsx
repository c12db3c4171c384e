import { Alert, Button, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef, type ReactNode } from "react";

/** What replaces a form once it was received: announced, and focused so keyboard users land on it. */
export function SentNotice({ title, children, onAgain, againLabel }: { title: string; children: ReactNode; onAgain: () => void; againLabel: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Alert color="teal" variant="light" role="status">
      <Stack gap="sm">
        <Title order={3} ref={heading} tabIndex={-1}>
          {title}
        </Title>
        <Text>{children}</Text>
        <Button variant="default" w="fit-content" onClick={onAgain}>
          {againLabel}
        </Button>
      </Stack>
    </Alert>
  );
}
