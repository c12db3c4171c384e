import { Anchor, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconPlus } from "@tabler/icons-react";
import { Link, useNavigate } from "react-router";
import { payRunDraftSchema, type PayRunSummary, type PaySettings } from "../../../../shared/schemas/tutor-pay.ts";
import { Can } from "../../../components/auth/can.tsx";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { formatMoney } from "../../../lib/format-money.ts";
import { formatDay } from "../../../lib/format-time.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { AdminEmpty } from "../../billing/components/admin-empty.tsx";
import { todayIn } from "../../billing/components/admin-period-fields.tsx";
import { useDateTime } from "../../session/display-time-zone.ts";
import { payRunHref, useDraftPayRun, usePayRuns, usePaySettings } from "../api.ts";
import { PAY_PERIOD_LABELS } from "../format.ts";
import { PayRunStatusBadge } from "./pay-badges.tsx";

export const runPeriod = (run: Pick<PayRunSummary, "periodFrom" | "periodTo">) => `${formatDay(run.periodFrom)} – ${formatDay(run.periodTo)}`;

const columns: DataColumn<PayRunSummary>[] = [
  {
    header: "Period",
    rowHeader: true,
    nowrap: true,
    cell: (run) => (
      <Anchor component={Link} to={payRunHref(run.id)} fw={600}>
        {runPeriod(run)}
      </Anchor>
    ),
  },
  { header: "Status", cell: (run) => <PayRunStatusBadge status={run.status} /> },
  { header: "Tutors", align: "right", cell: (run) => run.tutorCount },
  { header: "Total", align: "right", nowrap: true, cell: (run) => formatMoney(run.totalMinor, run.currency) },
  { header: "Paid on", nowrap: true, cell: (run) => (run.paidOn ? formatDay(run.paidOn) : "—") },
  { header: "Reference", maxWidth: 220, cell: (run) => run.paidReference ?? "—" },
];

/** The pay settings in a sentence, with where to change them. */
function SettingsLine({ settings }: { settings: PaySettings }) {
  return (
    <Text size="sm" c="dimmed">
      Pay periods are {PAY_PERIOD_LABELS[settings.periodKind].toLowerCase()}
      {settings.payOnlyWhenInvoicePaid ? ", and a session is paid only once the family has paid its invoice" : ""}.{" "}
      <Can permission="admin:settings:write">
        <Anchor component={Link} to="/admin/settings#pay-settings" inherit underline="always">
          Change the pay settings
        </Anchor>
      </Can>
    </Text>
  );
}

/** Every pay run, latest period first (a row opens the run), and "Draft a pay run". */
export function PayRunsList() {
  const runs = usePayRuns();
  const settings = usePaySettings();
  const [drafting, draft] = useDisclosure(false);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        {settings.data ? <SettingsLine settings={settings.data} /> : <span />}
        <Can permission="admin:pay:write">
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={draft.open}>
            Draft a pay run
          </Button>
        </Can>
      </Group>
      <Modal opened={drafting} onClose={draft.close} title="Draft a pay run">
        {drafting ? <DraftRunForm onDone={draft.close} /> : null}
      </Modal>
      <QueryState query={runs} label="pay runs">
        {(list) => (
          <DataTable
            rows={list.items}
            columns={columns}
            rowKey={(run) => run.id}
            caption="Pay runs, latest period first"
            captionHidden
            listLabel="Pay runs"
            minWidth={780}
            rowHref={(run) => payRunHref(run.id)}
            highlightOnHover
            empty={
              <AdminEmpty
                title="No pay runs yet."
                description="Draft the run of a period: it gathers every tutor's earnings that are ready by its end. Confirm it, pay it through your payroll, then mark it paid."
              />
            }
            card={(run) => (
              <Stack gap={4}>
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Anchor component={Link} to={payRunHref(run.id)} fw={600}>
                    {runPeriod(run)}
                  </Anchor>
                  <PayRunStatusBadge status={run.status} />
                </Group>
                <Text size="sm">
                  {formatMoney(run.totalMinor, run.currency)} to {run.tutorCount} {run.tutorCount === 1 ? "tutor" : "tutors"}
                  {run.paidOn ? ` · paid on ${formatDay(run.paidOn)}${run.paidReference ? ` (${run.paidReference})` : ""}` : ""}
                </Text>
              </Stack>
            )}
          />
        )}
      </QueryState>
    </Stack>
  );
}

function DraftRunForm({ onDone }: { onDone: () => void }) {
  const { timeZone } = useDateTime();
  const navigate = useNavigate();
  const draftRun = useDraftPayRun();
  const { form, onSubmit, send, formError } = useApiForm(payRunDraftSchema, draftRun, {
    initialValues: { date: todayIn(timeZone) },
    validate: (values): Record<string, string> => (values.date ? {} : { date: "Date is required." }),
  });

  const submit = onSubmit((values) =>
    send(values, (run) => {
      notifySuccess(
        "Pay run drafted",
        `${runPeriod(run)}: ${formatMoney(run.totalMinor, run.currency)} to ${run.tutorCount} ${run.tutorCount === 1 ? "tutor" : "tutors"}.`,
      );
      onDone();
      void navigate(payRunHref(run.id));
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          The run covers the pay period holding this day. It gathers every earning ready by the period&apos;s end that no confirmed run has paid. Drafting again
          replaces the draft.
        </Text>
        <TextInput
          type="date"
          label="Date"
          description="Any day of the period to pay."
          required
          withAsterisk={false}
          data-autofocus
          {...form.getInputProps("date")}
        />
        <FormError error={formError} title="Could not draft the pay run" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={draftRun.isPending}>
            Draft pay run
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
