import { Alert, Anchor, Button, Group, Modal, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Link } from "react-router";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { Can } from "../../../components/auth/can.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { formatMoney } from "../../../lib/format-money.ts";
import { formatDay } from "../../../lib/format-time.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { accountHref, useIssueBatch, usePreviewBatch, useUninvoiced, type BatchPreview, type Period, type Uninvoiced } from "../admin-api.ts";
import { AdminEmpty } from "./admin-empty.tsx";
import { PeriodFields, usePeriodParams } from "./admin-period-fields.tsx";

type UninvoicedFamily = Uninvoiced["accounts"][number];
type PreviewFamily = BatchPreview["families"][number];

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Uninvoiced & batch: the work not yet invoiced in a period per family, the batch's preview, and issuing it. */
export function AdminBatch() {
  const [period, setPeriod] = usePeriodParams();
  const valid = Boolean(period.from && period.to && period.from <= period.to);
  const uninvoiced = useUninvoiced(period);
  const preview = usePreviewBatch();
  const shownPreview = preview.data && preview.variables?.from === period.from && preview.variables.to === period.to ? preview.data : null;

  return (
    <Stack gap="lg">
      <PeriodFields legend="Period of the work" value={period} onChange={setPeriod} />
      <Stack gap="sm" component="section" aria-labelledby="uninvoiced-heading">
        <Title order={2} size="h3" id="uninvoiced-heading">
          Uninvoiced work
        </Title>
        {valid ? (
          <QueryState query={uninvoiced} label="uninvoiced work">
            {(data) =>
              data.accounts.length === 0 ? (
                <AdminEmpty
                  title="Nothing to invoice in this period."
                  description="Sessions marked in reports and packages sold appear here until they are invoiced."
                />
              ) : (
                <UninvoicedTable families={data.accounts} currency={data.currency} />
              )
            }
          </QueryState>
        ) : (
          <Text size="sm">Choose a period whose last day is not before its first.</Text>
        )}
      </Stack>
      <Can permission="admin:billing:write">
        <Stack gap="sm" component="section" aria-labelledby="batch-heading">
          <Title order={2} size="h3" id="batch-heading">
            Invoice batch
          </Title>
          <Text size="sm">One invoice per family for the period&apos;s uninvoiced work. Preview it first: nothing is issued until you confirm.</Text>
          <Group>
            <Button variant="default" disabled={!valid} loading={preview.isPending} onClick={() => preview.mutate(period)}>
              Preview batch
            </Button>
          </Group>
          <FormError error={preview.error} title="Could not preview the batch" />
          {shownPreview ? <BatchPreviewPanel preview={shownPreview} period={period} onIssued={() => preview.reset()} /> : null}
        </Stack>
      </Can>
    </Stack>
  );
}

function UninvoicedTable({ families, currency }: { families: UninvoicedFamily[]; currency: string }) {
  const columns: DataColumn<UninvoicedFamily>[] = [
    {
      header: "Family",
      rowHeader: true,
      cell: (family) => (
        <Anchor component={Link} to={accountHref(family.accountId)} fw={600}>
          {family.accountName}
        </Anchor>
      ),
    },
    {
      header: "Work",
      cell: (family) => (
        <Stack gap={2}>
          {family.charges.slice(0, 4).map((charge) => (
            <Text key={charge.entryId} size="sm">
              {formatDay(charge.serviceDate)} · {charge.description} · {formatMoney(charge.amountMinor, currency)}
            </Text>
          ))}
          {family.charges.length > 4 ? (
            <Text size="sm" c="dimmed">
              and {plural(family.charges.length - 4, "more line", "more lines")}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { header: "Lines", align: "right", cell: (family) => family.charges.length },
    { header: "Total", align: "right", nowrap: true, cell: (family) => formatMoney(family.totalMinor, currency) },
  ];
  return (
    <DataTable
      rows={families}
      columns={columns}
      rowKey={(family) => family.accountId}
      caption="Uninvoiced work per family in the period"
      captionHidden
      listLabel="Uninvoiced work per family"
      minWidth={720}
    />
  );
}

function BatchPreviewPanel({ preview, period, onIssued }: { preview: BatchPreview; period: Period; onIssued: () => void }) {
  const [confirming, confirm] = useDisclosure(false);
  const issue = useIssueBatch();
  const families = preview.families;
  const money = (minor: number) => formatMoney(minor, preview.currency);
  const total = families.reduce((sum, family) => sum + family.totalMinor, 0);
  const lines = families.reduce((sum, family) => sum + family.lineCount, 0);
  const count = families.length;

  if (count === 0)
    return (
      <Alert color="gray" title="Nothing to issue">
        No family has uninvoiced work in this period.
      </Alert>
    );

  const columns: DataColumn<PreviewFamily>[] = [
    { header: "Family", rowHeader: true, cell: (family) => family.accountName },
    { header: "Lines", align: "right", cell: (family) => family.lineCount },
    { header: "Subtotal", align: "right", nowrap: true, cell: (family) => money(family.subtotalMinor) },
    { header: "Tax", align: "right", nowrap: true, cell: (family) => money(family.taxMinor) },
    { header: "Total", align: "right", nowrap: true, cell: (family) => money(family.totalMinor) },
  ];
  const issueLabel = `Issue ${plural(count, "invoice", "invoices")}`;

  return (
    <Stack gap="sm">
      <DataTable
        rows={families}
        columns={columns}
        rowKey={(family) => family.accountId}
        caption={`Preview: ${plural(count, "invoice", "invoices")}, ${plural(lines, "line", "lines")}, ${money(total)} in all`}
        captionSide="top"
        listLabel="Invoices of the batch"
        minWidth={560}
      />
      <Text fw={600}>Total of the batch: {money(total)}</Text>
      <Group>
        <Button onClick={confirm.open}>{issueLabel}</Button>
      </Group>
      <Modal opened={confirming} onClose={confirm.close} title={`${issueLabel}?`}>
        <Stack gap="md">
          <Text size="sm">
            Each family gets an invoice numbered now for its work from {formatDay(period.from)} to {formatDay(period.to)}: {money(total)} in all. Issued
            invoices cannot be edited, only credited or voided.
          </Text>
          <FormError error={issue.error} title="Could not issue the batch" />
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>
              Cancel
            </Button>
            <Button
              loading={issue.isPending}
              onClick={() =>
                issue.mutate(
                  { periodFrom: period.from, periodTo: period.to, accountIds: families.map((family) => family.accountId) },
                  {
                    onSuccess: (result) => {
                      confirm.close();
                      notifySuccess("Invoices issued", `${plural(result.invoices.length, "invoice was", "invoices were")} issued.`);
                      onIssued();
                    },
                  },
                )
              }
            >
              {issueLabel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
