import { Anchor, Group, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { Link } from "react-router";
import type { PayStatement, StatementItem } from "../../../../shared/schemas/tutor-pay.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { formatMoney } from "../../../lib/format-money.ts";
import { formatDay } from "../../../lib/format-time.ts";
import { Figure } from "../../billing/components/admin-account-overview.tsx";
import { payRunHref } from "../api.ts";
import { PENDING_REASON_LABELS, statementLineDetail, statementLineKind, timeAndRate } from "../format.ts";
import type { StatementRange } from "../statement-range.ts";
import { EarningStateBadge } from "./pay-badges.tsx";

/** Whose screen shows the statement: an admin's links each line to its session and pay run; a tutor's to their session. */
export type StatementViewer = "admin" | "tutor";

const period = (from: string, to: string) => `${formatDay(from)} – ${formatDay(to)}`;

/** A statement's totals: earned in the days shown, still pending, ready for the next run, in confirmed runs, paid. */
export function StatementFigures({ statement }: { statement: PayStatement }) {
  const money = (minor: number) => formatMoney(minor, statement.currency);
  const { totals } = statement;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
      <Figure label="Earned" value={money(totals.earnedMinor)} />
      <Figure label="Pending" value={money(totals.pendingMinor)} />
      <Figure label="Ready for the next run" value={money(totals.readyMinor)} />
      <Figure label="In confirmed runs" value={money(totals.confirmedMinor)} />
      <Figure label="Paid" value={money(totals.paidMinor)} />
    </SimpleGrid>
  );
}

/** The days a statement covers, in the URL; the API's last 90 days until chosen. */
export function StatementRangeFields({ range, statement }: { range: StatementRange; statement: PayStatement | undefined }) {
  const shown = { from: range.from || statement?.from || "", to: range.to || statement?.to || "" };
  return (
    <Group gap="md" align="flex-start">
      <TextInput
        type="date"
        label="From"
        value={shown.from}
        onChange={(event) => range.set({ ...shown, from: event.currentTarget.value })}
        error={range.errors.from}
        w={180}
      />
      <TextInput
        type="date"
        label="To"
        value={shown.to}
        onChange={(event) => range.set({ ...shown, to: event.currentTarget.value })}
        error={range.errors.to}
        w={180}
      />
    </Group>
  );
}

/** Where a line stands, and the pay run that holds it (with when it was paid). */
function Standing({ item, viewer }: { item: StatementItem; viewer: StatementViewer }) {
  const run = item.payRunId && item.payRunPeriodFrom && item.payRunPeriodTo ? period(item.payRunPeriodFrom, item.payRunPeriodTo) : null;
  return (
    <Stack gap={2} align="flex-start">
      <EarningStateBadge state={item.state} />
      {item.state === "pending" && item.pendingReason ? <Text size="sm">{PENDING_REASON_LABELS[item.pendingReason]}</Text> : null}
      {run && item.payRunId ? (
        <Text size="sm">
          Pay run{" "}
          {viewer === "admin" ? (
            <Anchor component={Link} to={payRunHref(item.payRunId)} inherit underline="always" onClick={(event) => event.stopPropagation()}>
              {run}
            </Anchor>
          ) : (
            run
          )}
        </Text>
      ) : null}
      {item.paidOn ? <Text size="sm">Paid on {formatDay(item.paidOn)}</Text> : null}
    </Stack>
  );
}

/** What the line is: its kind, its description (or an adjustment's reason), a link to its session. */
function What({ item, viewer }: { item: StatementItem; viewer: StatementViewer }) {
  const kind = statementLineKind(item);
  const detail = statementLineDetail(item);
  return (
    <Stack gap={2}>
      {item.sessionId && item.kind === "session" ? (
        <Anchor component={Link} to={`/${viewer}/sessions/${encodeURIComponent(item.sessionId)}`} fw={600}>
          {kind}
        </Anchor>
      ) : (
        <Text fw={600} size="sm">
          {kind}
        </Text>
      )}
      {detail ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {detail}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A statement lesson by lesson: each earning and each session waiting for its report, with where it stands. */
export function StatementLines({ statement, viewer }: { statement: PayStatement; viewer: StatementViewer }) {
  const amount = (item: StatementItem) => (item.amountMinor === null ? "Not yet earned" : formatMoney(item.amountMinor, statement.currency));
  const columns: DataColumn<StatementItem>[] = [
    { header: "Date", rowHeader: true, nowrap: true, cell: (item) => formatDay(item.earnedOn) },
    { header: "What", minWidth: 240, cell: (item) => <What item={item} viewer={viewer} /> },
    { header: "Time and rate", cell: (item) => timeAndRate(item, statement.currency) },
    { header: "Amount", align: "right", nowrap: true, cell: amount },
    { header: "Where it stands", minWidth: 200, cell: (item) => <Standing item={item} viewer={viewer} /> },
  ];
  return (
    <DataTable
      rows={statement.items}
      columns={columns}
      rowKey={(item) => item.earningId ?? `session-${item.sessionId}`}
      caption={`Pay lines from ${period(statement.from, statement.to)}`}
      captionSide="top"
      listLabel="Pay lines"
      minWidth={860}
      empty={
        <Text size="sm" c="dimmed">
          Nothing earned or waiting in these days. Sessions appear here once they are over.
        </Text>
      }
      card={(item) => (
        <Stack gap={6}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {formatDay(item.earnedOn)}
              </Text>
              <What item={item} viewer={viewer} />
            </div>
            {item.amountMinor === null ? null : (
              <Text fw={700} style={{ whiteSpace: "nowrap" }}>
                {amount(item)}
              </Text>
            )}
          </Group>
          {item.minutes !== null ? <Text size="sm">{timeAndRate(item, statement.currency)}</Text> : null}
          <Standing item={item} viewer={viewer} />
        </Stack>
      )}
    />
  );
}

/** The whole statement: its days, totals and lines (read-only; an admin's screen adds the adjustment form). */
export function PayStatementView({
  statement,
  range,
  viewer,
  busy,
}: {
  statement: PayStatement;
  range: StatementRange;
  viewer: StatementViewer;
  busy: boolean;
}) {
  return (
    <Stack gap="lg" style={busy ? { opacity: 0.6 } : undefined} aria-busy={busy || undefined}>
      <StatementFigures statement={statement} />
      <SectionCard
        title="Lesson by lesson"
        description="Each session earns when its report is filed; adjustments and corrections are lines of their own. A confirmed pay run is never changed: a later correction is paid in the next one."
      >
        <StatementRangeFields range={range} statement={statement} />
        <StatementLines statement={statement} viewer={viewer} />
      </SectionCard>
    </Stack>
  );
}
