import { Button, Container, Group, List, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** Marks a capability that is being built: never presented as shipped. */
export function PlannedBadge() {
  return <span className="planned-badge">Coming</span>;
}

/** The top of a content page: its one h1, a lead paragraph and the calls to action. */
export function PageHero({ eyebrow, title, lead, children }: { eyebrow?: string; title: ReactNode; lead: ReactNode; children?: ReactNode }) {
  return (
    <Stack gap="md" maw={760} pb="xl">
      {eyebrow ? (
        <Text fw={700} tt="uppercase" size="sm" className="eyebrow">
          {eyebrow}
        </Text>
      ) : null}
      <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.15}>
        {title}
      </Title>
      <Text size="xl" c="dimmed">
        {lead}
      </Text>
      {children ?? <StartActions />}
    </Stack>
  );
}

/** "Start your workspace" and "Sign in": the two calls to action of every page. */
export function StartActions() {
  return (
    <Group>
      <Button component={Link} to="/signup" size="md">
        Start your workspace
      </Button>
      <Button component={Link} to="/login" size="md" variant="default">
        Sign in
      </Button>
    </Group>
  );
}

/** A section of a content page under its h2. */
export function Section({ title, intro, children, id }: { title: string; intro?: ReactNode; children: ReactNode; id?: string }) {
  return (
    <Stack component="section" gap="md" py="xl" aria-labelledby={id}>
      <Title order={2} id={id}>
        {title}
      </Title>
      {intro ? (
        <Text size="lg" c="dimmed" maw={760}>
          {intro}
        </Text>
      ) : null}
      {children}
    </Stack>
  );
}

export interface Feature {
  title: string;
  body: ReactNode;
  planned?: boolean;
  to?: string;
}

/** Capabilities in a grid of h3s; planned ones carry the Coming badge. */
export function FeatureGrid({ features, cols = 3 }: { features: readonly Feature[]; cols?: 2 | 3 }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: cols }} spacing="xl" verticalSpacing="xl">
      {features.map((feature) => (
        <Stack key={feature.title} gap={6} className="feature-card">
          <Group gap="xs" wrap="wrap">
            <Title order={3} size="h4">
              {feature.to ? (
                <Link to={feature.to} className="feature-link">
                  {feature.title}
                </Link>
              ) : (
                feature.title
              )}
            </Title>
            {feature.planned ? <PlannedBadge /> : null}
          </Group>
          <Text c="dimmed">{feature.body}</Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** A plain list with check marks drawn by CSS (no icon library). */
export function Checklist({ items }: { items: readonly ReactNode[] }) {
  return (
    <List spacing="xs" className="checklist">
      {items.map((item, index) => (
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List>
  );
}

/** Problem → answer pairs of an audience page. */
export function ProblemAnswers({ items }: { items: readonly { problem: string; answer: ReactNode; planned?: boolean }[] }) {
  return (
    <Stack gap="lg">
      {items.map((item) => (
        <SimpleGrid key={item.problem} cols={{ base: 1, sm: 2 }} spacing="lg" className="problem-answer">
          <Title order={3} size="h4">
            {item.problem}
          </Title>
          <Text>
            {item.planned ? (
              <>
                <PlannedBadge />{" "}
              </>
            ) : null}
            {item.answer}
          </Text>
        </SimpleGrid>
      ))}
    </Stack>
  );
}

/** The closing band of a page: one more way to start. */
export function ClosingCall({ title = "Run your tutoring openly", body }: { title?: string; body: ReactNode }) {
  return (
    <Stack component="section" gap="md" py="xl" my="xl" px="lg" className="closing-call" aria-labelledby="closing-call">
      <Title order={2} id="closing-call">
        {title}
      </Title>
      <Text size="lg" maw={680}>
        {body}
      </Text>
      <StartActions />
    </Stack>
  );
}

/** The page's content column. */
export function PageContainer({ children }: { children: ReactNode }) {
  return <Container size="lg">{children}</Container>;
}
