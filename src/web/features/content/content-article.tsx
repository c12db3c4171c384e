import { Anchor, Box, Button, Container, Group, Text, Title, Typography } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ContentSummary } from "../../../../content/entries.ts";
import { ContentDate } from "./content-date.tsx";

/**
 * One blog post or case study: its title, date and author, an optional notice above the
 * body, the body (HTML made from our own Markdown at build time), and the ways on.
 */
export function ContentArticle({ entry, html, back, notice }: { entry: ContentSummary; html: string; back: { to: string; label: string }; notice?: { title: string; text: ReactNode } }) {
  return (
    <Container size="sm" component="article">
      <Anchor component={Link} to={back.to} size="sm">
        ← {back.label}
      </Anchor>
      <Title order={1} mt="sm">
        {entry.title}
      </Title>
      <Text size="sm" c="dimmed" mt="xs">
        <ContentDate date={entry.date} /> · {entry.author}
      </Text>
      {notice ? (
        // A note beside the article, named by its title (an aside: not Mantine's Alert, whose
        // chunk the account pages share and which a static notice does not need).
        <Box component="aside" aria-labelledby="content-notice" mt="lg" p="md" bg="var(--mantine-primary-color-light)" style={{ borderRadius: "var(--mantine-radius-md)" }}>
          <Text id="content-notice" fw={700}>
            {notice.title}
          </Text>
          <Text mt={4}>{notice.text}</Text>
        </Box>
      ) : null}
      <Typography mt="lg" dangerouslySetInnerHTML={{ __html: html }} />
      <Group mt="xl" pt="lg" style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}>
        <Button component={Link} to="/signup">
          Start your workspace
        </Button>
        <Button component={Link} to={back.to} variant="default">
          {back.label}
        </Button>
      </Group>
    </Container>
  );
}
