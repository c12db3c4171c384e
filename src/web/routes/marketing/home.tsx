import { Button, Container, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { Link } from "react-router";
import { publicMetaFor } from "../../lib/public-meta.ts";

export const meta = () => publicMetaFor("/");

const CAPABILITIES = [
  ["Sessions, reports and summaries", "Plan sessions, file structured reports, and share clear summaries with families."],
  ["Student health cards", "Attendance, engagement and progress at a glance, with the reasons behind each status."],
  ["Alerts and risk", "Rules you tune raise alerts before a student drifts away."],
  ["CRM", "Enquiries, follow-ups and trial lessons in one pipeline."],
  ["Billing and packages", "Hour packages, invoices and payments that families can see."],
  ["Reports", "Revenue, hours, retention and progress, exportable."],
] as const;

export default function Home() {
  return (
    <Container size="lg">
      <Stack gap="md" maw={720} py="xl">
        <Title order={1} fz={{ base: 34, sm: 46 }}>
          The transparent tutoring operating system
        </Title>
        <Text size="xl" c="dimmed">
          Glassroom runs a tutoring business, from a solo tutor to a company with many tutors: people, sessions, reports and billing on one
          open platform, with families seeing the work openly.
        </Text>
        <Group>
          <Button component={Link} to="/signup" size="md">
            Start your workspace
          </Button>
          <Button component={Link} to="/login" size="md" variant="default">
            Sign in
          </Button>
        </Group>
      </Stack>
      <Title order={2} mt="xl" mb="md">
        What Glassroom does
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {CAPABILITIES.map(([title, body]) => (
          <Stack key={title} gap={4}>
            <Title order={3} size="h4">
              {title}
            </Title>
            <Text c="dimmed">{body}</Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Title order={2} mt={48} mb="md">
        The transparency promise
      </Title>
      <List spacing="xs" icon={<ThemeIcon size={20} radius="xl" aria-hidden="true">✓</ThemeIcon>}>
        <List.Item>Families see every session, every note shared with them and every charge.</List.Item>
        <List.Item>Parents see who looked at their child's record, and when.</List.Item>
        <List.Item>Every workspace is isolated, every change audited, and security you can check in the code.</List.Item>
      </List>
    </Container>
  );
}
