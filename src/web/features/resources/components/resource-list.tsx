import { Anchor, Badge, Box, Card, Group, Mark, Stack, Text } from "@mantine/core";
import { IconFile, IconLink, IconPhoto } from "@tabler/icons-react";
import type { Area } from "../../../../shared/roles.ts";
import type { ResourceSummary } from "../../../../shared/schemas/resources.ts";
import { Instant } from "../../../components/ui/instant.tsx";
import { audienceText, formatDescription, matchParts } from "../format.ts";

function KindIcon({ resource }: { resource: ResourceSummary }) {
  if (resource.kind === "link") return <IconLink size={20} aria-hidden="true" />;
  if (resource.preview === "image") return <IconPhoto size={20} aria-hidden="true" />;
  return <IconFile size={20} aria-hidden="true" />;
}

function Status({ area, resource }: { area: Area; resource: ResourceSummary }) {
  if (resource.awaitingAcknowledgement)
    return (
      <Badge color="yellow" variant="light">
        To acknowledge
      </Badge>
    );
  if (area !== "admin" && resource.requiresAcknowledgement && resource.acknowledged)
    return (
      <Badge color="teal" variant="light">
        Acknowledged
      </Badge>
    );
  if (area === "admin" && resource.requiresAcknowledgement) return <Badge variant="outline">Asks for acknowledgement</Badge>;
  return null;
}

/** One resource in the library: its title opens it; what it is, who it is for or from, and where a search matched. */
export function ResourceCard({ area, resource, onOpen }: { area: Area; resource: ResourceSummary; onOpen: (id: string) => void }) {
  const source = resource.owner ? `Shared by ${resource.owner.name}` : area === "admin" ? `For ${audienceText(resource.audience).toLowerCase()}` : null;
  return (
    <Card component="li" withBorder padding="md" radius="md">
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Box c="dimmed" pt={2}>
          <KindIcon resource={resource} />
        </Box>
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
            <Anchor component="button" type="button" fw={600} ta="left" onClick={() => onOpen(resource.id)} style={{ overflowWrap: "anywhere" }}>
              {resource.title}
            </Anchor>
            <Status area={area} resource={resource} />
          </Group>
          <Text size="sm" c="dimmed">
            {resource.category} · {formatDescription(resource)} · v{resource.current.version}, <Instant at={resource.updatedAt} />
          </Text>
          {resource.match ? (
            <Text size="sm">
              {matchParts(resource.match).map((part, index) => (part.marked ? <Mark key={index}>{part.text}</Mark> : <span key={index}>{part.text}</span>))}
            </Text>
          ) : resource.description ? (
            <Text size="sm" lineClamp={2}>
              {resource.description}
            </Text>
          ) : null}
          {source || resource.tags.length > 0 ? (
            <Group gap={6} wrap="wrap">
              {source ? (
                <Text size="xs" c="dimmed">
                  {source}
                </Text>
              ) : null}
              {resource.tags.map((tag) => (
                <Badge key={tag} variant="outline" color="gray" size="xs">
                  {tag}
                </Badge>
              ))}
            </Group>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}
