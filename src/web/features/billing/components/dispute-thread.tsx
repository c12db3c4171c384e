import { Badge, Card, Group, Stack, Text } from "@mantine/core";
import type { Dispute } from "../../../../shared/schemas/billing-disputes.ts";
import { Instant } from "../../../components/ui/instant.tsx";

interface ThreadEntry {
  id: string;
  side: "admin" | "parent";
  name: string | null;
  body: string;
  at: string;
}

/** The question first, then every message oldest first: who wrote it (and for which side), and when. */
export function DisputeThread({ dispute, businessName = "The tutoring business" }: { dispute: Dispute; businessName?: string }) {
  const entries: ThreadEntry[] = [
    { id: "reason", side: "parent", name: dispute.openedByName, body: dispute.reason, at: dispute.createdAt },
    ...dispute.messages.map((message) => ({ id: message.id, side: message.authorRole, name: message.authorName, body: message.body, at: message.createdAt })),
  ];
  return (
    <Stack component="ol" gap="sm" aria-label="Messages" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {entries.map((entry) => (
        <Card
          component="li"
          key={entry.id}
          withBorder
          padding="md"
          ml={entry.side === "admin" ? 0 : "auto"}
          w={{ base: "100%", sm: "85%" }}
          bg={entry.side === "admin" ? "var(--mantine-color-default-hover)" : undefined}
        >
          <Group justify="space-between" gap="xs" mb={4}>
            <Group gap="xs">
              <Text fw={600}>{entry.name ?? (entry.side === "admin" ? businessName : "A payer")}</Text>
              <Badge variant="outline" color={entry.side === "admin" ? "blue" : "gray"} tt="none" size="sm">
                {entry.side === "admin" ? "Tutoring business" : "Family"}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              <Instant at={entry.at} />
            </Text>
          </Group>
          <Text style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>{entry.body}</Text>
        </Card>
      ))}
    </Stack>
  );
}
