import { Badge } from "@mantine/core";
import { INVOICE_STATE_LABELS } from "../../../../shared/billing-states.ts";
import type { InvoiceReadState } from "../../../../shared/schemas/billing-invoices.ts";

/** Colours without a shade: the theme keeps an outline badge's text at AA in both colour schemes (and on a striped row). */
export const INVOICE_STATE_COLORS: Record<InvoiceReadState | "overdue", string> = {
  draft: "gray",
  issued: "blue",
  partly_paid: "violet",
  paid: "teal",
  credited: "cyan",
  void: "gray",
  overdue: "red",
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
