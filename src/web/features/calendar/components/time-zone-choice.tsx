import { SegmentedControl } from "@mantine/core";
import type { TimeZoneView } from "../../session/display-time-zone.ts";

/**
 * The choice between the viewer's own zone and the workspace's (time-zone-note.tsx loads it
 * only for a viewer whose zone is not the workspace's).
 */
export default function TimeZoneChoice({
  view,
  onChange,
  viewerTimeZone,
  workspaceTimeZone,
}: {
  view: TimeZoneView;
  onChange: (view: TimeZoneView) => void;
  viewerTimeZone: string;
  workspaceTimeZone: string;
}) {
  return (
    <SegmentedControl
      size="xs"
      aria-label="Show times in"
      // Long zone names wrap inside their segment instead of pushing a phone's page sideways.
      styles={{ root: { maxWidth: "100%" }, label: { whiteSpace: "normal", overflow: "visible" } }}
      value={view}
      onChange={(value) => onChange(value === "workspace" ? "workspace" : "mine")}
      data={[
        { value: "mine", label: `Your time (${viewerTimeZone})` },
        { value: "workspace", label: `Workspace time (${workspaceTimeZone})` },
      ]}
    />
  );
}
