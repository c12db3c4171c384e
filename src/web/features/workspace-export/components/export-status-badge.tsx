import { Badge } from "@mantine/core";
import type { WorkspaceExportState } from "../../../../shared/schemas/workspace-export.ts";

const LABELS: Record<WorkspaceExportState, string> = {
  queued: "Queued",
  running: "Being made",
  ready: "Ready",
  expired: "Expired",
  failed: "Failed",
};

/** Dark shades: outline badges keep WCAG AA contrast on white (and on a striped row). */
const COLORS: Record<WorkspaceExportState, string> = {
  queued: "gray.8",
  running: "blue.9",
  ready: "teal.9",
  expired: "dark.7",
  failed: "red.9",
};

/** An export's state: queued, being made, ready, expired or failed. */
export function ExportStatusBadge({ status }: { status: WorkspaceExportState }) {
  return (
    <Badge color={COLORS[status]} variant="outline" tt="none" style={{ whiteSpace: "nowrap", flexShrink: 0 }} styles={{ label: { overflow: "visible" } }}>
      {LABELS[status]}
    </Badge>
  );
}
