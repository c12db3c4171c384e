/**
 * The student's own card: their attendance, homework and progress over the window, in
 * encouraging words. The API gives the student no score, band or reason (those are for the
 * adults around them), and this wording keeps to that: a student reads how they are doing,
 * not how worried others are.
 */
import { SimpleGrid, Stack, Text } from "@mantine/core";
import type { OwnHealth } from "../../../../shared/schemas/student-health.ts";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { useDateTime } from "../../session/display-time-zone.ts";
import { useOwnHealth } from "../api.ts";

type Figures = NonNullable<OwnHealth["figures"]>;
export type Direction = "up" | "down" | "steady";

/** From the first to the last of the values (oldest first); null with fewer than two. */
export function directionOf(values: readonly number[]): Direction | null {
  if (values.length < 2) return null;
  const first = values[0]!;
  const last = values[values.length - 1]!;
  return last > first ? "up" : last < first ? "down" : "steady";
}

export function attendanceWords(figures: Figures): string {
  if (figures.held === 0 || figures.attendancePercent === null) return `No session held in the last ${figures.windowWeeks} weeks yet.`;
  const counts = `You attended ${figures.attended} of the ${figures.held} ${figures.held === 1 ? "session" : "sessions"} held in the last ${figures.windowWeeks} weeks.`;
  if (figures.attendancePercent >= 90) return `${counts} Great attendance: keep it up!`;
  if (figures.attendancePercent >= 75) return `${counts} Good going: every session helps.`;
  return `${counts} Each session you come to builds on the last one; your tutor looks forward to the next.`;
}

export function homeworkWords(homework: Figures["homework"]): { value: string; note: string } {
  if (homework.set === 0) return { value: "None set yet", note: "Homework your tutor sets will show here." };
  const partly = homework.partly > 0 ? ` (${homework.partly} partly)` : "";
  const note =
    homework.completed === homework.set
      ? "All of it done: well done!"
      : homework.completed * 2 >= homework.set
        ? "More than half done: nice work."
        : "Your tutor can help if a piece of homework feels hard.";
  return { value: `${homework.completed} of ${homework.set} done${partly}`, note };
}

const TREND_WORDS: Record<Direction, string> = {
  up: "Going up: great progress!",
  steady: "Holding steady.",
  down: "A little lower lately: ask your tutor about anything that feels tricky.",
};

export function lastSessionWords(days: number | null, windowWeeks: number): string {
  if (days === null) return `No session attended in the last ${windowWeeks} weeks yet.`;
  if (days === 0) return "Today.";
  if (days === 1) return "Yesterday.";
  return `${days} days ago.`;
}

/**
 * A small line of the values, drawn without a chart library; decorative only, since the values
 * and their direction are written out beside it.
 */
function Sparkline({ values, max }: { values: readonly number[]; max: number }) {
  const width = 96;
  const height = 28;
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const points = values.map((value, index) => `${(index * step).toFixed(1)},${(height - 2 - (value / max) * (height - 4)).toFixed(1)}`).join(" ");
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden="true" focusable="false" style={{ overflow: "visible" }}>
      <polyline points={points} fill="none" stroke="var(--mantine-color-teal-7)" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

function Trend({ label, values, max, unit }: { label: string; values: readonly number[]; max: number; unit: (value: number) => string }) {
  const direction = directionOf(values);
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {values.length === 0 ? (
        <Text size="sm">None in the reports yet.</Text>
      ) : (
        <>
          {values.length > 1 ? <Sparkline values={values} max={max} /> : null}
          <Text fw={700}>{values.map(unit).join(", ")}</Text>
          <Text size="xs">
            {values.length === 1 ? "The first so far: the next ones will show how it is going." : `Oldest first. ${TREND_WORDS[direction!]}`}
          </Text>
        </>
      )}
    </Stack>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
      {note ? <Text size="xs">{note}</Text> : null}
    </Stack>
  );
}

/** The figures as the student reads them (what the section shows once loaded). */
export function OwnHealthView({ health }: { health: OwnHealth }) {
  const { instant } = useDateTime();
  if (!health.scored || !health.figures) {
    return <Text size="sm">Nothing to show yet: your figures appear once your tutor has reported on a session, and are brought up to date every night.</Text>;
  }
  const { figures } = health;
  const homework = homeworkWords(figures.homework);
  return (
    <Stack gap="md">
      <Text>{attendanceWords(figures)}</Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Figure
          label="Attendance"
          value={figures.attendancePercent === null ? "—" : `${figures.attendancePercent}%`}
          note={figures.held === 0 ? "No session held yet" : `${figures.attended} of ${figures.held} ${figures.held === 1 ? "session" : "sessions"} attended`}
        />
        <Figure label="Homework" value={homework.value} note={homework.note} />
        <Figure label="Last session attended" value={lastSessionWords(figures.daysSinceLastSession, figures.windowWeeks)} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Trend label="Understanding in your reports (of 5)" values={figures.understanding} max={5} unit={(value) => `${value}`} />
        <Trend label="Assessment scores" values={figures.scores} max={100} unit={(value) => `${value}%`} />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Over the last {figures.windowWeeks} weeks; brought up to date {instant(health.computedAt!)}.
      </Text>
    </Stack>
  );
}

/** "My attendance and progress": a section of the student's profile. */
export function OwnHealthSection() {
  const health = useOwnHealth();
  return (
    <SectionCard title="My attendance and progress" description="How your sessions, homework and progress have gone lately.">
      <QueryState query={health} label="your attendance and progress">
        {(data) => <OwnHealthView health={data} />}
      </QueryState>
    </SectionCard>
  );
}
