import { Badge, Group, Stack, Text } from "@mantine/core";
import { SectionCard } from "../../components/ui/section-card.tsx";
import { formatInstant } from "../../lib/format-time.ts";
import { useDisplayTimeZone } from "../session/display-time-zone.ts";
import type { CrmArea } from "./api.ts";
import { ACTIVITY_LABELS, SOURCE_LABELS } from "./format.ts";
import { useStudentLeadTimeline } from "./trials-api.ts";

/**
 * "Before enrolment" on a student's record (admins, the student's tutors): the timeline of the
 * lead the student was converted from, newest first. A student who never was a lead, or a read
 * that fails, shows nothing: the record stands without it.
 */
export function LeadHistorySection({ area, studentId }: { area: CrmArea; studentId: string }) {
  const { timeZone } = useDisplayTimeZone();
  const history = useStudentLeadTimeline(area, studentId);
  const data = history.data;
  if (!data?.lead) return null;
  const zone = timeZone ?? "UTC";
  return (
    <SectionCard
      title="Before enrolment"
      description={`Source: ${SOURCE_LABELS[data.lead.source]}. The lead's timeline from the enquiry to the conversion, kept with the record.`}
    >
      <Stack component="ol" gap="sm" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label="The lead's timeline, newest first">
        {data.timeline.map((entry) => (
          <Stack component="li" key={entry.id} gap={2}>
            <Group gap="xs" wrap="wrap">
              <Badge variant="outline" color="gray" tt="none">
                {ACTIVITY_LABELS[entry.kind]}
              </Badge>
              <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                {entry.summary}
              </Text>
            </Group>
            {entry.body ? (
              <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {entry.body}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              {formatInstant(entry.occurredAt, zone)}
              {entry.actorName ? ` · ${entry.actorName}` : ""}
            </Text>
          </Stack>
        ))}
      </Stack>
    </SectionCard>
  );
}
