import { Badge } from "@mantine/core";
import { INVOICE_STATE_LABELS } from "../../../../shared/billing-states.ts";
import type { InvoiceReadState } from "../../../../shared/schemas/billing-invoices.ts";

/** Dark shades: outline badges keep WCAG AA contrast on white (and on a striped row). */
export const INVOICE_STATE_COLORS: Record<InvoiceReadState | "overdue", string> = {
  draft: "gray.8",
  issued: "blue.9",
  partly_paid: "violet.9",
  paid: "teal.9",
  credited: "cyan.9",
  void: "dark.7",
  overdue: "red.9",
};

/**
 * An invoice's state wherever one is shown: draft, issued, partly paid, paid, credited or void, and
 * "Overdue" (with "partly paid" when some was paid) once an unpaid invoice is past its due date.
 */
export function InvoiceStateBadge({ state, overdue }: { state: InvoiceReadState; overdue: boolean }) {
  const label = overdue ? (state === "partly_paid" ? "Partly paid, overdue" : "Overdue") : INVOICE_STATE_LABELS[state];
  return (
    <Badge
      color={INVOICE_STATE_COLORS[overdue ? "overdue" : state]}
      variant="outline"
      tt="none"
      style={{ whiteSpace: "nowrap", flexShrink: 0 }}
      styles={{ label: { overflow: "visible" } }}
    >
      {label}
    </Badge>
  );
}
