import { Anchor, Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { CONTACT_TOPIC_LABELS, type ContactTopic } from "../../../shared/schemas/enquiry-options.ts";
import type { Enquiry } from "../../../shared/schemas/enquiries.ts";
import { useDateTime } from "../session/display-time-zone.ts";

const LABELS: Record<Enquiry["kind"], [field: string, label: string][]> = {
  contact: [
    ["organisation", "Organisation"],
    ["topic", "Topic"],
    ["message", "Message"],
  ],
  affiliate: [
    ["website", "Website or audience"],
    ["country", "Country"],
    ["audience", "Audience"],
    ["promotion", "How they will promote Glassroom"],
    ["agreeToTerms", "Agreed to the programme terms"],
  ],
};

function shown(field: string, value: unknown): string {
  if (field === "topic") return CONTACT_TOPIC_LABELS[value as ContactTopic] ?? String(value);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return value == null || value === "" ? "Not given" : String(value);
}

/** One message or application, in full: who sent it, when, and every field as sent. */
export function EnquiryCard({ enquiry }: { enquiry: Enquiry }) {
  const { instant } = useDateTime();
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={`enquiry-${enquiry.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="wrap">
            <Badge variant="light" color={enquiry.kind === "contact" ? "blue" : "grape"}>
              {enquiry.kind === "contact" ? "Contact" : "Affiliate application"}
            </Badge>
            <Title order={2} size="h4" id={`enquiry-${enquiry.id}`}>
              {enquiry.name}
            </Title>
          </Group>
          <Text size="sm" c="dimmed" component="time" dateTime={enquiry.createdAt}>
            {instant(enquiry.createdAt)}
          </Text>
        </Group>
        <Anchor href={`mailto:${enquiry.email}`} size="sm" w="fit-content">
          {enquiry.email}
        </Anchor>
        <Stack gap="xs" component="dl" m={0}>
          {LABELS[enquiry.kind].map(([field, label]) => (
            <div key={field}>
              <Text component="dt" size="sm" fw={600}>
                {label}
              </Text>
              <Text component="dd" m={0} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {shown(field, enquiry.fields[field])}
              </Text>
            </div>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
