import { Anchor, Badge, Card, Group, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import type { Contest } from "../../../../shared/schemas/health-alerts.ts";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { useDateTime } from "../../session/display-time-zone.ts";
import { useContestThread } from "../api.ts";

export const POINT_LABELS: Record<Contest["point"], string> = {
  attendance: "Attendance",
  engagement: "Engagement rating",
  understanding: "Understanding rating",
  homework: "Homework",
  score: "Score",
};
const OUTCOME: Record<Contest["status"], { label: string; color: string }> = {
  open: { label: "Waiting for an answer", color: "blue.9" },
  accepted: { label: "Accepted", color: "teal.9" },
  answered: { label: "Answered", color: "gray.8" },
};

/** One question and its answer. */
export function ContestEntry({ contest }: { contest: Contest }) {
  const { moment, instant } = useDateTime();
  return (
    <Card withBorder padding="sm" component="article" aria-label={`Question about ${POINT_LABELS[contest.point].toLowerCase()}`}>
      <Stack gap={4}>
        <Group gap="xs">
          <Badge color={OUTCOME[contest.status].color} variant="filled">
            {OUTCOME[contest.status].label}
          </Badge>
          <Text size="sm" fw={600}>
            {POINT_LABELS[contest.point]} of the {contest.sessionSubject} session of {moment(contest.sessionStartsAt, "short")}
          </Text>
        </Group>
        <Text size="sm">
          {contest.raisedByName ?? "A guardian"} asked on {instant(contest.raisedAt)}: “{contest.message}”
        </Text>
        {contest.answer ? (
          <Text size="sm">
            {contest.answeredByName ?? "An admin"} answered on {instant(contest.answeredAt!)}: “{contest.answer}”
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The family's questions about the card's data points, with the answers: on the card for staff and the family. */
export function ContestThread({ area, studentId }: { area: "admin" | "parent"; studentId: string }) {
  const thread = useContestThread(area, studentId);
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Questions about the card
      </Text>
      <QueryState query={thread} label="the questions">
        {(data) =>
          data.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              {area === "parent"
                ? "If a session behind the score is wrong (an absence that was excused, a rating or a score), question it from the session's line above."
                : "No question from the family."}
            </Text>
          ) : (
            <Stack gap="xs">
              {data.items.map((contest) => (
                <ContestEntry key={contest.id} contest={contest} />
              ))}
              {area === "admin" && data.items.some((contest) => contest.status === "open") ? (
                <Text size="sm">
                  <Anchor component={Link} to="/admin/health/alerts?tab=questions" inherit>
                    Answer it in Questions from families
                  </Anchor>
                </Text>
              ) : null}
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}
