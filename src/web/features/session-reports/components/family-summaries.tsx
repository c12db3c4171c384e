import { Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";

import { useState } from "react";

import { Link } from "react-router";

import type { FamilySummary } from "../../../../shared/schemas/session-reports.ts";

import { QueryState } from "../../../components/ui/query-state.tsx";

import { useFamilySummaries } from "../api.ts";
import { formatInstant, formatMoment } from "../../../lib/format-time.ts";
import type { FamilyArea } from "../../../../shared/roles.ts";

export function FamilySummaryCard({
  area,
  summary,
  timeZone,
  headingOrder = 3,
  linkToSession = true,
}: {
  area: FamilyArea;
  summary: FamilySummary;
  timeZone: string;
  headingOrder?: 2 | 3 | 4;
  linkToSession?: boolean;
}) {
  const title = `${summary.subject} with ${summary.tutorName}`;
  return (
    <Card withBorder padding="md" component="article">
      <Stack gap="xs">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={headingOrder} size="h4">
            {linkToSession ? (
              <Anchor component={Link} to={`/${area}/sessions/${summary.sessionId}`} inherit>
                {title}
              </Anchor>
            ) : (
              title
            )}
          </Title>
          <Text size="sm" c="dimmed">
            {area === "parent" ? `${summary.studentName} · ` : ""}
            {formatMoment(summary.startsAt, timeZone)}
          </Text>
        </Group>
        <Text style={{ whiteSpace: "pre-wrap" }}>{summary.body}</Text>
        <Text size="xs" c="dimmed">
          Shared {formatInstant(summary.sharedAt, timeZone)}
        </Text>
      </Stack>
    </Card>
  );
}

/** A family's shared summaries, newest first, with "Show more". */
export function FamilySummaries({
  area,
  timeZone,
  studentId,
  pageSize = 10,
  emptyText,
}: {
  area: FamilyArea;
  timeZone: string;
  studentId?: string;
  pageSize?: number;
  emptyText: string;
}) {
  const [shown, setShown] = useState(pageSize);
  const summaries = useFamilySummaries(area, { studentId }, 1, shown);
  return (
    <QueryState query={summaries} label="session summaries">
      {(page) =>
        page.items.length === 0 ? (
          <Text c="dimmed">{emptyText}</Text>
        ) : (
          <Stack gap="sm">
            {page.items.map((summary) => (
              <FamilySummaryCard key={`${summary.sessionId}-${summary.studentId}`} area={area} summary={summary} timeZone={timeZone} />
            ))}
            {page.total > page.items.length ? (
              <Group>
                <Button
                  variant="default"
                  onClick={() => setShown((count) => Math.min(count + pageSize, 100))}
                  loading={summaries.isFetching}
                  disabled={shown >= 100}
                >
                  Show more ({page.total - page.items.length} older)
                </Button>
              </Group>
            ) : null}
          </Stack>
        )
      }
    </QueryState>
  );
}
