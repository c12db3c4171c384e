import { Group, SegmentedControl, Text } from "@mantine/core";
import { useDisplayTimeZone } from "../../session/display-time-zone.ts";
import { zoneLabel } from "../../../lib/format-time.ts";

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
      {canChoose ? (
        <SegmentedControl
          size="xs"
          aria-label="Show times in"
          // Long zone names wrap inside their segment instead of pushing a phone's page sideways.
          styles={{ root: { maxWidth: "100%" }, label: { whiteSpace: "normal", overflow: "visible" } }}
          value={view}
          onChange={(value) => setView(value === "workspace" ? "workspace" : "mine")}
          data={[
            { value: "mine", label: `Your time (${viewerTimeZone})` },
            { value: "workspace", label: `Workspace time (${workspaceTimeZone})` },
          ]}
        />
      ) : null}
    </Group>
  );
}
