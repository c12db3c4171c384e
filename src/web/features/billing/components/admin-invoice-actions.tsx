import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { InvoiceDetail } from "../../../../shared/schemas/billing-invoices.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { formatMoney } from "../../../lib/format-money.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useDeleteInvoice, useIssueInvoice, useVoidInvoice } from "../admin-api.ts";
import { AdminConfirm } from "./admin-confirm.tsx";
import { AdminCreditNoteModal } from "./admin-credit-note-form.tsx";
import { AdminPaymentModal } from "./admin-payment-form.tsx";

/**
 * What an admin can do with an invoice: a draft is issued or deleted; an issued one takes a
 * payment or a credit note, and is voided only while nothing has been paid or credited on it.
 */
export function AdminInvoiceActions({ invoice }: { invoice: InvoiceDetail }) {
  const navigate = useNavigate();
  const issue = useIssueInvoice(invoice.id);
  const remove = useDeleteInvoice(invoice.id);
  const voiding = useVoidInvoice(invoice.id);
  const [issuing, issueDialog] = useDisclosure(false);
  const [deleting, deleteDialog] = useDisclosure(false);
  const [voidOpen, voidDialog] = useDisclosure(false);
  const [paying, payDialog] = useDisclosure(false);
  const [crediting, creditDialog] = useDisclosure(false);
  const [voidReason, setVoidReason] = useState("");
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  // A refused reason is shown on its field; any other failure above the buttons.
  const [reasonMissing, setReasonMissing] = useState(false);
  const refusedReason = voiding.error instanceof ApiError ? (voiding.error.issues.find((issue) => issue.path[0] === "reason")?.message ?? null) : null;
  const reasonError = reasonMissing ? "Reason is required." : refusedReason;

  if (invoice.state === "void") return null;

  if (invoice.state === "draft") {
    return (
      <Group gap="sm">
        <Button onClick={issueDialog.open} disabled={invoice.lines.length === 0}>
          Issue invoice
        </Button>
        <Button variant="default" color="red" onClick={deleteDialog.open}>
          Delete draft
        </Button>
        <AdminConfirm
          opened={issuing}
          onClose={issueDialog.close}
          title="Issue this invoice?"
          confirmLabel="Issue invoice"
          pending={issue.isPending}
          error={issue.error}
          onConfirm={() =>
            issue.mutate(undefined, {
              onSuccess: (issued) => {
                issueDialog.close();
                notifySuccess("Invoice issued", `${issued.number ?? "The invoice"} for ${money(issued.totalMinor)} was issued to ${issued.accountName}.`);
              },
            })
          }
        >
          {`It gets its number now and is sent to ${invoice.accountName}: ${money(invoice.totalMinor)}. An issued invoice cannot be edited, only credited or voided.`}
        </AdminConfirm>
        <AdminConfirm
          opened={deleting}
          onClose={deleteDialog.close}
          title="Delete this draft?"
          confirmLabel="Delete draft"
          danger
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                notifySuccess("Draft deleted", "Its work is uninvoiced again.");
                void navigate("/admin/billing?tab=invoices");
              },
            })
          }
        >
          Its session and package lines go back to the uninvoiced work; its fee lines are gone.
        </AdminConfirm>
      </Group>
    );
  }

  const paidOrCredited = invoice.paidMinor > 0 || invoice.creditNotes.length > 0;
  return (
    <Stack gap="xs">
      <Group gap="sm">
        {invoice.outstandingMinor > 0 ? <Button onClick={payDialog.open}>Record payment</Button> : null}
        <Button variant="default" onClick={creditDialog.open}>
          New credit note
        </Button>
        <Button variant="default" color="red" onClick={voidDialog.open} disabled={paidOrCredited}>
          Void invoice
        </Button>
      </Group>
      {paidOrCredited ? (
        <Text size="sm" c="dimmed">
          Money is applied to this invoice, so it cannot be voided: issue a credit note instead.
        </Text>
      ) : null}
      <AdminPaymentModal opened={paying} onClose={payDialog.close} currency={invoice.currency} family={{ id: invoice.accountId, name: invoice.accountName }} />
      <AdminCreditNoteModal opened={crediting} onClose={creditDialog.close} invoice={invoice} />
      <AdminConfirm
        opened={voidOpen}
        onClose={voidDialog.close}
        title={`Void ${invoice.number ?? "this invoice"}?`}
        confirmLabel="Void invoice"
        danger
        pending={voiding.isPending}
        error={reasonError ? null : voiding.error}
        onConfirm={() => {
          setReasonMissing(voidReason.trim() === "");
          if (voidReason.trim() === "") return;
          voiding.mutate(voidReason.trim(), {
            onSuccess: () => {
              voidDialog.close();
              notifySuccess("Invoice voided", `${invoice.number ?? "The invoice"} keeps its number; its work is uninvoiced again.`);
            },
          });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">The invoice keeps its number and shows as void. Its sessions and packages go back to the uninvoiced work.</Text>
          <TextInput
            label="Reason"
            required
            withAsterisk={false}
            maxLength={500}
            error={reasonError}
            value={voidReason}
            onChange={(event) => setVoidReason(event.currentTarget.value)}
            data-autofocus
          />
        </Stack>
      </AdminConfirm>
    </Stack>
  );
}
