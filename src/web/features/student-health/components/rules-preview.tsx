import { Alert, Anchor, Badge, Box, Group, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { Link } from "react-router";
import type { HealthPreviewChange, HealthRulesPreview } from "../../../../shared/schemas/student-health-preview.ts";
import { HEALTH_BANDS, type HealthBand } from "../../../../shared/schemas/student-health.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { BAND_COLORS, BAND_LABELS } from "../bands.ts";

const studentHref = (studentId: string) => `/admin/students/${encodeURIComponent(studentId)}`;
const studentsWord = (count: number) => (count === 1 ? "student" : "students");

function BandBadge({ band }: { band: HealthBand }) {
  return (
    <Badge color={BAND_COLORS[band]} variant="filled">
      {BAND_LABELS[band]}
    </Badge>
  );
}

/** "On track → Watch", the arrow read out as "to". */
function BandChange({ change }: { change: HealthPreviewChange }) {
  return (
    <Group gap={6} wrap="nowrap">
      <BandBadge band={change.bandNow} />
      <Text span aria-hidden="true">
        →
      </Text>
      <VisuallyHidden>to</VisuallyHidden>
      <BandBadge band={change.bandAfter} />
    </Group>
  );
}

const scoreChange = (change: HealthPreviewChange) => `${change.scoreNow} → ${change.scoreAfter}`;
const topReason = (change: HealthPreviewChange) => change.reasonsAfter[0] ?? "No rule fires.";
const moreReasons = (change: HealthPreviewChange) => (change.reasonsAfter.length > 1 ? ` (and ${change.reasonsAfter.length - 1} more)` : "");

const CHANGE_COLUMNS: DataColumn<HealthPreviewChange>[] = [
  {
    header: "Student",
    rowHeader: true,
    cell: (change) => (
      <Anchor component={Link} to={studentHref(change.studentId)} inherit>
        {change.studentName}
      </Anchor>
    ),
  },
  { header: "Score now → after", cell: scoreChange, nowrap: true },
  { header: "Band now → after", cell: (change) => <BandChange change={change} /> },
  { header: "Top reason after", cell: (change) => `${topReason(change)}${moreReasons(change)}`, minWidth: 240 },
];

interface BandRow {
  band: HealthBand;
  now: number;
  after: number;
}
const BAND_COLUMNS: DataColumn<BandRow>[] = [
  { header: "Band", rowHeader: true, cell: (row) => BAND_LABELS[row.band] },
  { header: "Now", cell: (row) => row.now, align: "right" },
  { header: "After", cell: (row) => row.after, align: "right" },
];

/**
 * What publishing the rules previewed would do: how many students each band holds now and
 * after, and who changes band (score and band now → after, and the reason that would top their
 * card), the largest change first. Stale once the rules are edited again.
 */
export function RulesPreview({ preview, stale }: { preview: HealthRulesPreview; stale: boolean }) {
  const bands = HEALTH_BANDS.map((band) => ({ band, now: preview.bandsNow[band], after: preview.bandsAfter[band] }));
  return (
    <Stack gap="md" component="section" aria-labelledby="health-rules-preview-title">
      <Title order={3} size="h4" id="health-rules-preview-title">
        Preview
      </Title>
      {stale ? (
        <Alert color="orange" title="The rules changed since this preview">
          Preview again to see what the rules as they stand now would do.
        </Alert>
      ) : null}
      {/* The editor's status region says the preview is ready; this section appears with it. */}
      <Text size="sm">
        {preview.students} active {studentsWord(preview.students)} scored under these rules: {preview.changed} would change band.
        {preview.unscored > 0
          ? ` ${preview.unscored} not scored yet ${preview.unscored === 1 ? "is" : "are"} compared with what version ${preview.ruleVersion} gives them.`
          : ""}
      </Text>
      {/* Three rows of two figures: kept narrow, so that each figure stays beside its band. */}
      <Box maw={520}>
        <DataTable
          rows={bands}
          columns={BAND_COLUMNS}
          rowKey={(row) => row.band}
          caption="Students per band, now and after"
          captionSide="top"
          listLabel="Students per band, now and after"
          minWidth={280}
          stackBelow="48em"
          card={(row) => (
            <Group justify="space-between" gap="sm">
              <BandBadge band={row.band} />
              <Text size="sm">
                {row.now} now → {row.after} after
              </Text>
            </Group>
          )}
        />
      </Box>
      <DataTable
        rows={preview.changes}
        columns={CHANGE_COLUMNS}
        rowKey={(change) => change.studentId}
        caption={
          preview.truncated
            ? `The ${preview.changes.length} largest changes of ${preview.changed} students who would change band`
            : "Students who would change band, the largest change first"
        }
        captionSide="top"
        listLabel="Students who would change band"
        minWidth={720}
        empty={<Text size="sm">No student changes band.</Text>}
        card={(change) => (
          <Stack gap={4}>
            <Anchor component={Link} to={studentHref(change.studentId)} fw={600}>
              {change.studentName}
            </Anchor>
            <Group gap="sm">
              <BandChange change={change} />
              <Text size="sm">Score {scoreChange(change)}</Text>
            </Group>
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {topReason(change)}
              {moreReasons(change)}
            </Text>
          </Stack>
        )}
      />
    </Stack>
  );
}
