import { Anchor, Container, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ContentSummary } from "../../../../content/entries.ts";
import { ContentDate } from "./content-date.tsx";

/** A list page of the content: its heading and introduction, then each entry (newest first) as a link with its date and description. */
export function ContentList({ title, intro, entries }: { title: string; intro: ReactNode; entries: ContentSummary[] }) {
  return (
    <Container size="md">
      <Title order={1}>{title}</Title>
      <Text size="lg" mt="md">
        {intro}
      </Text>
      <Stack component="ul" gap="xl" mt="xl" p={0} style={{ listStyle: "none" }}>
        {entries.map((entry) => (
          <li key={entry.slug}>
            <article>
              <Title order={2} size="h3">
                <Anchor component={Link} to={entry.path} c="var(--mantine-color-text)" underline="always">
                  {entry.title}
                </Anchor>
              </Title>
              <Text size="sm" c="dimmed" mt={4}>
                <ContentDate date={entry.date} /> · {entry.author}
              </Text>
              <Text mt="xs">{entry.description}</Text>
            </article>
          </li>
        ))}
      </Stack>
    </Container>
  );
}
