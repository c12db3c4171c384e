import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import type { FunnelFigures as Figures } from "../../../shared/schemas/crm-pipeline.ts";
import { DataTable, type DataColumn } from "../../components/data/data-table.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import type { CrmArea } from "./api.ts";
import { SOURCE_LABELS, todayIn } from "./format.ts";
import { type FunnelRange, useFunnel } from "./pipeline-api.ts";

const percent = (share: number | null) => (share === null ? "–" : `${Math.round(share * 100)}%`);
const days = (value: number | null) => (value === null ? "–" : `${value} day${value === 1 ? "" : "s"}`);

/** The last 90 days in the viewer's zone. */
function defaultRange(timeZone: string): FunnelRange {
  const to = todayIn(timeZone);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - 89 * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

type Row = Figures & { key: string; label: string };
const breakdownColumns: DataColumn<Row>[] = [
  { header: "Who", rowHeader: true, cell: (row) => row.label },
  { header: "Leads", cell: (row) => row.leads, align: "right", sort: (a, b) => a.leads - b.leads },
  { header: "Converted", cell: (row) => `${row.converted} (${percent(row.leads ? row.converted / row.leads : null)})`, align: "right", nowrap: true },
  { header: "Lost", cell: (row) => row.lost, align: "right" },
  { header: "Trial to won", cell: (row) => `${percent(row.trialConversion)} of ${row.withTrial}`, align: "right", nowrap: true },
  { header: "Median time to convert", cell: (row) => days(row.medianDaysToConvert), align: "right", nowrap: true },
];

/**
 * The funnel's figures for a date range of made leads: the stages with how many stand in each
 * and the share that went on from the stage before, the headline figures, and tables by
 * source and by owner (a tutor's own leads only).
 */
export function FunnelFigures({ area, timeZone }: { area: CrmArea; timeZone: string }) {
  const [range, setRange] = useState<FunnelRange>(() => defaultRange(timeZone));
  const [draft, setDraft] = useState(range);
  const funnel = useFunnel(area, range);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(draft.from) && /^\d{4}-\d{2}-\d{2}$/.test(draft.to) && draft.from <= draft.to;
  return (
    <Stack>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) setRange(draft);
        }}
      >
        <Group align="end" wrap="wrap">
          <TextInput type="date" label="Leads made from" value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })} />
          <TextInput
            type="date"
            label="to"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
            error={draft.from > draft.to ? "The end must not be before the start." : undefined}
          />
          <Button type="submit" variant="default" disabled={!valid}>
            Show
          </Button>
        </Group>
      </form>
      <QueryState query={funnel} label="the funnel">
        {(data) => (
          <Stack>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              {[
                ["Leads", String(data.overall.leads)],
                ["Converted", `${data.overall.converted} (${percent(data.overall.leads ? data.overall.converted / data.overall.leads : null)})`],
                ["Trial to won", `${percent(data.overall.trialConversion)} of ${data.overall.withTrial}`],
                ["Median time to convert", days(data.overall.medianDaysToConvert)],
              ].map(([label, value]) => (
                <Paper key={label} withBorder p="sm">
                  <Text size="sm" c="dimmed">
                    {label}
                  </Text>
                  <Text fw={600}>{value}</Text>
                </Paper>
              ))}
            </SimpleGrid>
            <DataTable
              rows={data.overall.steps}
              rowKey={(step) => step.stageId}
              listLabel="Stages"
              caption={`Stages of the ${data.overall.leads} leads made ${data.from} to ${data.to} (${data.overall.lost} lost)`}
              minWidth={480}
              columns={[
                { header: "Stage", rowHeader: true, cell: (step) => step.stage },
                { header: "In it now", cell: (step) => step.current, align: "right" },
                { header: "Reached it", cell: (step) => step.reached, align: "right" },
                { header: "From the stage before", cell: (step) => percent(step.conversion), align: "right" },
              ]}
            />
            <Title order={3} size="h4">
              By source
            </Title>
            <DataTable
              rows={data.bySource.map((row) => ({ ...row, key: row.source, label: SOURCE_LABELS[row.source] }))}
              rowKey={(row) => row.key}
              columns={breakdownColumns}
              listLabel="By source"
              caption="The funnel by where the leads came from"
              captionHidden
              minWidth={640}
            />
            {area === "admin" ? (
              <>
                <Title order={3} size="h4">
                  By owner
                </Title>
                <DataTable
                  rows={data.byOwner.map((row) => ({ ...row, key: row.owner?.memberId ?? "none", label: row.owner?.name ?? "No owner" }))}
                  rowKey={(row) => row.key}
                  columns={breakdownColumns}
                  listLabel="By owner"
                  caption="The funnel by the leads' owners"
                  captionHidden
                  minWidth={640}
                />
              </>
            ) : null}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
