import { Anchor, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconDownload } from "@tabler/icons-react";
import { Link } from "react-router";
import { payRunPaidSchema, type PayRun } from "../../../../shared/schemas/tutor-pay.ts";
import { Can } from "../../../components/auth/can.tsx";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { formatMoney } from "../../../lib/format-money.ts";
import { formatDay } from "../../../lib/format-time.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { Figure } from "../../billing/components/admin-account-overview.tsx";
import { AdminConfirm } from "../../billing/components/admin-confirm.tsx";
import { todayIn } from "../../billing/components/admin-period-fields.tsx";
import { Detail } from "../../billing/components/invoice-document.tsx";
import { useDateTime } from "../../session/display-time-zone.ts";
import { payRunCsvHref, tutorStatementHref, useConfirmPayRun, useMarkPayRunPaid } from "../api.ts";
import { timeAndRate } from "../format.ts";
import { PayRunStatusBadge } from "./pay-badges.tsx";
import { runPeriod } from "./pay-runs-list.tsx";

type RunTutor = PayRun["tutors"][number];
type RunLine = RunTutor["lines"][number];

const KIND_LABELS: Record<RunLine["kind"], string> = { session: "Session", reversal: "Reversal", adjustment: "Adjustment" };

/** The run's period and status as the page's heading. */
export function PayRunHeading({ run }: { run: PayRun }) {
  return (
    <Stack gap={4}>
      <Group gap="sm" align="center">
        <Title order={1} size="h2">
          Pay run {runPeriod(run)}
        </Title>
        <PayRunStatusBadge status={run.status} />
      </Group>
      <Text size="sm" c="dimmed">
        {run.status === "draft"
          ? "A draft: check it, then confirm it. Until then, drafting the period again rebuilds it."
          : run.status === "confirmed"
            ? "Confirmed: it is locked. Pay it through your payroll (download the CSV), then mark it paid."
            : "Paid. Corrections to its lines are paid in a later run."}
      </Text>
    </Stack>
  );
}

/** Total, tutors, lines, and when the run was drafted, confirmed and paid. */
export function PayRunFacts({ run }: { run: PayRun }) {
  const { instant } = useDateTime();
  return (
    <>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <Figure label="Total" value={formatMoney(run.totalMinor, run.currency)} />
        <Figure label="Tutors" value={String(run.tutorCount)} />
        <Figure label="Lines" value={String(run.tutors.reduce((sum, tutor) => sum + tutor.lines.length, 0))} />
        <Figure label="Paid on" value={run.paidOn ? formatDay(run.paidOn) : "Not yet"} />
      </SimpleGrid>
      <SectionCard title="Pay run">
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm" m={0}>
          <Detail label="Period">{runPeriod(run)}</Detail>
          <Detail label="Drafted at">{instant(run.createdAt)}</Detail>
          <Detail label="Confirmed at">{run.confirmedAt ? instant(run.confirmedAt) : "Not yet"}</Detail>
          <Detail label="Paid on">{run.paidOn ? formatDay(run.paidOn, "long") : "Not yet"}</Detail>
          <Detail label="Payroll reference">{run.paidReference ?? "None yet"}</Detail>
        </SimpleGrid>
      </SectionCard>
    </>
  );
}

/** Confirm (after a question), mark paid (a date and a reference), and the payroll CSV. */
export function PayRunActions({ run }: { run: PayRun }) {
  const [confirming, confirm] = useDisclosure(false);
  const [paying, pay] = useDisclosure(false);
  const confirmRun = useConfirmPayRun(run.id);
  const close = () => {
    confirm.close();
    confirmRun.reset();
  };
  return (
    <Group gap="sm">
      <Can permission="admin:pay:write">
        {run.status === "draft" ? <Button onClick={confirm.open}>Confirm pay run</Button> : null}
        {run.status === "confirmed" ? <Button onClick={pay.open}>Mark paid</Button> : null}
      </Can>
      <Button component="a" href={payRunCsvHref(run.id)} download variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />}>
        Download CSV for payroll
      </Button>
      <AdminConfirm
        opened={confirming}
        onClose={close}
        title="Confirm this pay run?"
        confirmLabel="Confirm pay run"
        pending={confirmRun.isPending}
        error={confirmRun.error}
        onConfirm={() =>
          confirmRun.mutate(undefined, {
            onSuccess: (saved) => {
              close();
              notifySuccess("Pay run confirmed", `${formatMoney(saved.totalMinor, saved.currency)} to ${saved.tutorCount} tutors, locked for payroll.`);
            },
          })
        }
      >
        {`${formatMoney(run.totalMinor, run.currency)} to ${run.tutorCount} ${run.tutorCount === 1 ? "tutor" : "tutors"} for ${runPeriod(run)}. Once confirmed, the run cannot be changed: a later correction is paid in the next run.`}
      </AdminConfirm>
      <Modal opened={paying} onClose={pay.close} title="Mark the pay run paid">
        {paying ? <MarkPaidForm run={run} onDone={pay.close} /> : null}
      </Modal>
    </Group>
  );
}

function MarkPaidForm({ run, onDone }: { run: PayRun; onDone: () => void }) {
  const { timeZone } = useDateTime();
  const markPaid = useMarkPayRunPaid(run.id);
  const { form, onSubmit, send, formError } = useApiForm(payRunPaidSchema, markPaid, {
    initialValues: { paidOn: todayIn(timeZone), reference: "" },
    input: (values) => ({ paidOn: values.paidOn, reference: values.reference.trim() }),
    validate: (values): Record<string, string> => (values.paidOn ? {} : { paidOn: "Paid on is required." }),
  });
  const submit = onSubmit((values) =>
    send({ paidOn: values.paidOn, reference: values.reference.trim() }, (saved) => {
      notifySuccess("Pay run marked paid", `Paid on ${formatDay(saved.paidOn ?? values.paidOn)}, reference ${saved.paidReference ?? values.reference}.`);
      onDone();
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">When your payroll has paid the tutors: the day it paid, and its reference (a batch or transfer number).</Text>
        <TextInput type="date" label="Paid on" required withAsterisk={false} data-autofocus {...form.getInputProps("paidOn")} />
        <TextInput label="Payroll reference" required withAsterisk={false} maxLength={100} {...form.getInputProps("reference")} />
        <FormError error={formError} title="Could not mark the pay run paid" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={markPaid.isPending}>
            Mark paid
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One tutor's lines in the run (each session, reversal and adjustment) and their total. */
function RunTutorLines({ tutor, currency }: { tutor: RunTutor; currency: string }) {
  const columns: DataColumn<RunLine>[] = [
    { header: "Date", rowHeader: true, nowrap: true, cell: (line) => formatDay(line.earnedOn) },
    { header: "Kind", cell: (line) => KIND_LABELS[line.kind] },
    {
      header: "Description",
      minWidth: 260,
      cell: (line) =>
        line.sessionId ? (
          <Anchor component={Link} to={`/admin/sessions/${encodeURIComponent(line.sessionId)}`} inherit>
            {line.description}
          </Anchor>
        ) : (
          line.description
        ),
    },
    { header: "Time and rate", cell: (line) => timeAndRate(line, currency) },
    { header: "Amount", align: "right", nowrap: true, cell: (line) => formatMoney(line.amountMinor, currency) },
  ];
  return (
    <SectionCard
      title={tutor.tutorName}
      description={`${tutor.lines.length} ${tutor.lines.length === 1 ? "line" : "lines"}, ${formatMoney(tutor.totalMinor, currency)} in all.`}
      actions={
        <Anchor component={Link} to={tutorStatementHref(tutor.tutorMemberId)} size="sm">
          Statement
        </Anchor>
      }
    >
      <DataTable
        rows={tutor.lines}
        columns={columns}
        rowKey={(line) => line.id}
        caption={`${tutor.tutorName}'s lines in this pay run`}
        captionHidden
        listLabel={`${tutor.tutorName}'s lines`}
        minWidth={760}
        spacing="xs"
        card={(line) => (
          <Stack gap={2}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text size="sm" fw={600}>
                {formatDay(line.earnedOn)} · {KIND_LABELS[line.kind]}
              </Text>
              <Text size="sm" fw={700} style={{ whiteSpace: "nowrap" }}>
                {formatMoney(line.amountMinor, currency)}
              </Text>
            </Group>
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {line.description}
            </Text>
            {line.minutes !== null ? (
              <Text size="sm" c="dimmed">
                {timeAndRate(line, currency)}
              </Text>
            ) : null}
          </Stack>
        )}
      />
      <Text fw={700} ta="right">
        Total for {tutor.tutorName}: {formatMoney(tutor.totalMinor, currency)}
      </Text>
    </SectionCard>
  );
}

/** Every tutor's lines, or what an empty run means. */
export function PayRunTutors({ run }: { run: PayRun }) {
  if (run.tutors.length === 0)
    return (
      <Text c="dimmed" size="sm">
        Nothing to pay in this period: no earning was ready by its end. Earnings still pending (a missing report, an unpaid invoice) join a later run.
      </Text>
    );
  return (
    <Stack gap="lg">
      {run.tutors.map((tutor) => (
        <RunTutorLines key={tutor.tutorMemberId} tutor={tutor} currency={run.currency} />
      ))}
    </Stack>
  );
}
