import { Badge } from "@mantine/core";
import type { WorkspaceExportState } from "../../../../shared/schemas/workspace-export.ts";

const LABELS: Record<WorkspaceExportState, string> = {
  queued: "Queued",
  running: "Being made",
  ready: "Ready",
  expired: "Expired",
  failed: "Failed",
};

/** Colours without a shade: the theme keeps an outline badge's text at AA in both colour schemes (and on a striped row). */
const COLORS: Record<WorkspaceExportState, string> = {
  queued: "gray",
  running: "blue",
  ready: "teal",
  expired: "gray",
  failed: "red",
};

/** An export's state: queued, being made, ready, expired or failed. */
export function ExportStatusBadge({ status }: { status: WorkspaceExportState }) {
  return (
    <Badge color={COLORS[status]} variant="outline" tt="none" style={{ whiteSpace: "nowrap", flexShrink: 0 }} styles={{ label: { overflow: "visible" } }}>
      {LABELS[status]}
    </Badge>
  );
}
