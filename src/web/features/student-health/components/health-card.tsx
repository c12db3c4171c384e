import { Anchor, Badge, Group, List, SimpleGrid, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import type { HealthCardView, HealthReason } from "../../../../shared/schemas/student-health.ts";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { useDateTime } from "../../session/display-time-zone.ts";
import { CardBilling } from "../../health-alerts/components/card-billing.tsx";
import { ContestThread } from "../../health-alerts/components/contest-thread.tsx";
import { QuestionButton } from "../../health-alerts/components/question-button.tsx";
import { useHealthCard, type HealthCardArea } from "../api.ts";
import { BAND_COLORS, BAND_LABELS } from "../bands.ts";

const DESCRIPTIONS: Record<HealthCardArea, string> = {
  admin: "The risk score is the sum of the points of the rules that fire, each with the sessions behind it.",
  tutor: "The risk score is the sum of the points of the rules that fire, each with the sessions behind it.",
  parent: "How your child is doing over the last weeks. Every point of the score comes from a rule you can read, with the sessions behind it.",
};

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
      {note ? <Text size="xs">{note}</Text> : null}
    </Stack>
  );
}

function Reason({ reason, area, studentId }: { reason: HealthReason; area: HealthCardArea; studentId: string }) {
  const { moment } = useDateTime();
  return (
    <List.Item>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {reason.reason}
        </Text>
        {reason.evidence.length > 0 ? (
          <List size="sm" withPadding listStyleType="disc">
            {reason.evidence.map((item) => (
              <List.Item key={`${item.sessionId}-${item.note}`}>
                <Anchor underline="always" component={Link} to={`/${area}/sessions/${encodeURIComponent(item.sessionId)}`} size="sm">
                  {moment(item.startsAt, "short")}
                </Anchor>
                : {item.note}{" "}
                {area === "parent" ? (
                  <QuestionButton studentId={studentId} sessionId={item.sessionId} sessionLabel={moment(item.startsAt, "short")} note={item.note} />
                ) : null}
              </List.Item>
            ))}
          </List>
        ) : null}
      </Stack>
    </List.Item>
  );
}

function Card({ card, area }: { card: HealthCardView; area: HealthCardArea }) {
  const { instant } = useDateTime();
  if (!card.scored || !card.figures) {
    return <Text size="sm">Not scored yet: the card is computed after the next session report, and every night.</Text>;
  }
  const { figures } = card;
  const homeworkSet = figures.homework.set;
  return (
    <Stack gap="md">
      <Group gap="sm" align="center">
        <Badge color={BAND_COLORS[card.band]} variant="filled" size="lg">
          {BAND_LABELS[card.band]}
        </Badge>
        <Text fw={700}>Risk score {card.score} of 100</Text>
        {card.pointsTotal > card.score ? <Text size="sm">(the points add up to {card.pointsTotal}; the score stops at 100)</Text> : null}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Figure
          label="Attendance"
          value={figures.attendancePercent === null ? "—" : `${figures.attendancePercent}%`}
          // "Excused" covers both a cancellation made in time and an absence excused on the family's question.
          note={`${figures.attended} of ${figures.held} sessions held${figures.excused > 0 ? `, ${figures.excused} excused` : ""}`}
        />
        <Figure
          label="Minutes against the plan"
          value={figures.dosagePercent === null ? "—" : `${figures.dosagePercent}%`}
          note={`${figures.receivedMinutes} of ${figures.plannedMinutes} min`}
        />
        <Figure
          label="Homework done"
          value={homeworkSet === 0 ? "—" : `${figures.homework.completed} of ${homeworkSet}`}
          note={figures.homework.partly > 0 ? `${figures.homework.partly} partly` : undefined}
        />
        <Figure
          label="Last session attended"
          value={figures.daysSinceLastSession === null ? "None yet" : figures.daysSinceLastSession === 0 ? "Today" : `${figures.daysSinceLastSession} days ago`}
        />
      </SimpleGrid>
      {area !== "tutor" && figures.billing ? (
        <CardBilling billing={figures.billing} currency={card.currency} area={area} windowWeeks={figures.windowWeeks} />
      ) : null}
      {card.reasons.length === 0 ? (
        <Text size="sm">No rule fires: nothing to watch.</Text>
      ) : (
        <List spacing="sm" aria-label="Why: the rules that fire">
          {card.reasons.map((reason) => (
            <Reason key={reason.rule} reason={reason} area={area} studentId={card.studentId} />
          ))}
        </List>
      )}
      {area !== "tutor" ? <ContestThread area={area} studentId={card.studentId} /> : null}
      <Text size="xs" c="dimmed">
        Over the last {figures.windowWeeks} weeks; computed {instant(card.computedAt!)} under version {card.ruleVersion} of the rules.
      </Text>
    </Stack>
  );
}

/** A student's health card on their page: band, score, the figures, and each reason with its sessions. */
export function HealthCardSection({ area, studentId }: { area: HealthCardArea; studentId: string }) {
  const card = useHealthCard(area, studentId);
  return (
    <SectionCard title="Health" description={DESCRIPTIONS[area]}>
      <QueryState query={card} label="the health card">
        {(data) => <Card card={data} area={area} />}
      </QueryState>
      {area === "parent" ? (
        <Text size="sm">
          <Anchor component={Link} to="/parent/health-rules" inherit>
            How the score is worked out
          </Anchor>
        </Text>
      ) : null}
    </SectionCard>
  );
}
