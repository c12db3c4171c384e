import { Badge } from "@mantine/core";
import type { EarningState, PayRunStatus } from "../../../../shared/pay-states.ts";
import { EARNING_STATE_COLORS, EARNING_STATE_LABELS, PAY_RUN_STATUS_COLORS, PAY_RUN_STATUS_LABELS } from "../format.ts";

const BADGE = { variant: "outline", tt: "none", style: { whiteSpace: "nowrap", flexShrink: 0 }, styles: { label: { overflow: "visible" } } } as const;

/** Where a statement line stands: paid, in a confirmed run, ready, pending, cancelled out. */
export function EarningStateBadge({ state }: { state: EarningState }) {
  return (
    <Badge color={EARNING_STATE_COLORS[state]} {...BADGE}>
      {EARNING_STATE_LABELS[state]}
    </Badge>
  );
}

/** A pay run's status: draft, confirmed or paid. */
export function PayRunStatusBadge({ status }: { status: PayRunStatus }) {
  return (
    <Badge color={PAY_RUN_STATUS_COLORS[status]} {...BADGE}>
      {PAY_RUN_STATUS_LABELS[status]}
    </Badge>
  );
}
