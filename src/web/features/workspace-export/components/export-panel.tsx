import { Anchor, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { IconDownload, IconPackageExport } from "@tabler/icons-react";
import { formatBytes } from "../../../../shared/schemas/recordings.ts";
import { EXPORT_DOWNLOAD_HOURS, type WorkspaceExport } from "../../../../shared/schemas/workspace-export.ts";
import { Can } from "../../../components/auth/can.tsx";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";
import { NothingYet } from "../../../components/ui/list-empty.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { useDateTime } from "../../session/display-time-zone.ts";
import { useRequestWorkspaceExport, useWorkspaceExports } from "../api.ts";
import { timeLeft } from "../format.ts";
import { ExportStatusBadge } from "./export-status-badge.tsx";

/**
 * What became of an export: its download while ready (with the time it has left as of `now`,
 * when the list was read), its progress, its error, or when it expired.
 */
function ExportOutcome({ item, now }: { item: WorkspaceExport; now: number }) {
  const { instant } = useDateTime();
  if (item.status === "ready" && item.downloadUrl && item.expiresAt)
    return (
      <Stack gap={2} align="flex-start">
        <Anchor href={item.downloadUrl} download fw={600}>
          <Group gap={6} wrap="nowrap" component="span">
            <IconDownload size={16} aria-hidden="true" />
            Download
          </Group>
        </Anchor>
        <Text size="sm" c="dimmed">
          Expires {timeLeft(item.expiresAt, now)}, on {instant(item.expiresAt)}
        </Text>
      </Stack>
    );
  if (item.status === "queued" || item.status === "running")
    return (
      <Group gap="xs" wrap="nowrap">
        <Loader size="xs" aria-hidden="true" />
        <Text size="sm">{item.status === "queued" ? "Waiting to start…" : "Being made…"}</Text>
      </Group>
    );
  if (item.status === "failed") return <Text size="sm">{item.error ?? "The export failed."}</Text>;
  return <Text size="sm">{item.expiresAt ? `Expired ${instant(item.expiresAt)}; ask for a new export.` : "Expired."}</Text>;
}

/**
 * System's export part: "Export everything" asks for a zip of the whole workspace, built in the
 * background (the list reads itself again every few seconds meanwhile), then downloadable for a
 * day; the recent exports with their state.
 */
export function ExportPanel() {
  const exports = useWorkspaceExports();
  const request = useRequestWorkspaceExport();
  const { instant } = useDateTime();
  const inProgress = exports.data?.inProgress ?? false;
  const columns: DataColumn<WorkspaceExport>[] = [
    { header: "Asked for", rowHeader: true, cell: (item) => instant(item.createdAt) },
    { header: "By", maxWidth: 200, cell: (item) => item.requestedByName ?? "A former member" },
    { header: "Status", cell: (item) => <ExportStatusBadge status={item.status} /> },
    { header: "Size", align: "right", nowrap: true, cell: (item) => (item.sizeBytes === null ? "—" : formatBytes(item.sizeBytes)) },
    { header: "Archive", minWidth: 240, cell: (item) => <ExportOutcome item={item} now={exports.dataUpdatedAt} /> },
  ];

  return (
    <Stack gap="md">
      <Text size="sm" maw={720}>
        One zip file with everything your workspace holds: every table as CSV (for spreadsheets) and JSON, the session recordings and the library&apos;s files,
        and a README that explains them. Passwords, sign-in tokens and keys are left out. It is made in the background; you get an email when it is ready, and
        it can be downloaded for {EXPORT_DOWNLOAD_HOURS} hours.
      </Text>
      <Can permission="admin:system:write">
        <Group>
          <Button
            loading={request.isPending}
            disabled={inProgress}
            onClick={() => request.mutate()}
            leftSection={<IconPackageExport size={18} aria-hidden="true" />}
          >
            Export everything
          </Button>
          {inProgress ? (
            <Text size="sm" role="status">
              An export is being made: this list updates by itself.
            </Text>
          ) : null}
        </Group>
        <FormError error={request.error} title="Could not start the export" />
      </Can>
      <QueryState query={exports} label="the exports">
        {(list) =>
          list.items.length === 0 ? (
            <NothingYet
              icon={<IconPackageExport size={28} aria-hidden="true" />}
              title="No export yet"
              description="Your exports will be listed here, each with its download while it lasts."
            />
          ) : (
            <DataTable
              rows={list.items}
              columns={columns}
              rowKey={(item) => item.id}
              caption="Recent exports, newest first"
              captionHidden
              listLabel="Exports"
              minWidth={760}
              card={(item) => (
                <Stack gap={6}>
                  <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                    <Text size="sm" fw={600}>
                      {instant(item.createdAt)}
                    </Text>
                    <ExportStatusBadge status={item.status} />
                  </Group>
                  <Text size="sm" c="dimmed">
                    Asked for by {item.requestedByName ?? "a former member"}
                    {item.sizeBytes === null ? "" : ` · ${formatBytes(item.sizeBytes)}`}
                  </Text>
                  <ExportOutcome item={item} now={exports.dataUpdatedAt} />
                </Stack>
              )}
            />
          )
        }
      </QueryState>
    </Stack>
  );
}
