import { Group, Text } from "@mantine/core";
import { lazy, Suspense } from "react";
import { useDisplayTimeZone } from "../../session/display-time-zone.ts";
import { zoneLabel } from "../../../lib/format-time.ts";

// Most viewers are in their workspace's zone: the choice (Mantine's SegmentedControl, about
// 3 KB of gzip) loads only for those who are not.
const TimeZoneChoice = lazy(() => import("./time-zone-choice.tsx"));

/**
 * "Times in <zone>", and, when the viewer's own zone is not the workspace's, the choice between
 * the two (kept in this browser): a tutor abroad reads the timetable in their own time or in
 * the workspace's, and plans in the one shown.
 */
export function TimeZoneNote() {
  const { timeZone, workspaceTimeZone, viewerTimeZone, canChoose, view, setView } = useDisplayTimeZone();
  if (!timeZone) return null;
  return (
    <Group gap="sm" wrap="wrap">
      <Text size="sm">
        Times in <strong>{zoneLabel(timeZone)}</strong>
      </Text>
      {canChoose && viewerTimeZone && workspaceTimeZone ? (
        <Suspense fallback={null}>
          <TimeZoneChoice view={view} onChange={setView} viewerTimeZone={viewerTimeZone} workspaceTimeZone={workspaceTimeZone} />
        </Suspense>
      ) : null}
    </Group>
  );
}
