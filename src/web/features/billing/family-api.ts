import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { FamilyBilling } from "../../../shared/schemas/billing-accounts.ts";
import type { Dispute, DisputeList, DisputeMessageCreate, DisputeOpen } from "../../../shared/schemas/billing-disputes.ts";
import type { InvoiceDetail } from "../../../shared/schemas/billing-invoices.ts";
import type {
  AutopayUpdate,
  CardPaymentOptions,
  CheckoutStarted,
  CheckoutStatus,
  PackageCheckoutCreate,
  PackagesForSale,
  SavedCardState,
} from "../../../shared/schemas/online-payments.ts";
import { api } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";

/** A parent's billing: the accounts they pay, one invoice, and the disputes of their lines (/api/parent/billing/…). */
export const familyBillingKeys = {
  all: ["family-billing"] as const,
  overview: () => [...familyBillingKeys.all, "overview"] as const,
  invoice: (invoiceId: string) => [...familyBillingKeys.all, "invoice", invoiceId] as const,
  disputes: () => [...familyBillingKeys.all, "disputes"] as const,
  dispute: (disputeId: string) => [...familyBillingKeys.all, "dispute", disputeId] as const,
  cardPayments: () => [...familyBillingKeys.all, "card-payments"] as const,
  checkout: (attemptId: string) => [...familyBillingKeys.all, "checkout", attemptId] as const,
  card: (accountId: string) => [...familyBillingKeys.all, "card", accountId] as const,
  packagesForSale: () => [...familyBillingKeys.all, "packages-for-sale"] as const,
};

const BASE = "/parent/billing";
const invoicePath = (invoiceId: string) => `${BASE}/invoices/${encodeURIComponent(invoiceId)}`;
const disputePath = (disputeId: string) => `${BASE}/disputes/${encodeURIComponent(disputeId)}`;

/** The downloads are plain links (the browser saves or shows them), so they carry the /api prefix themselves. */
export const familyInvoicePdfHref = (invoiceId: string) => `/api${invoicePath(invoiceId)}/pdf`;
export const familyCreditNotePdfHref = (creditNoteId: string) => `/api${BASE}/credit-notes/${encodeURIComponent(creditNoteId)}/pdf`;
export const familyStatementHref = (accountId: string, period: { from: string; to: string }, format: "pdf" | "csv") =>
  `/api${BASE}/accounts/${encodeURIComponent(accountId)}/statement?${new URLSearchParams({ from: period.from, to: period.to, format })}`;

export const familyBillingQuery = () => queryOptions({ queryKey: familyBillingKeys.overview(), queryFn: () => api.get<FamilyBilling>(BASE), staleTime: 0 });
export const useFamilyBilling = () => useQuery(familyBillingQuery());

export const useFamilyInvoice = (invoiceId: string) =>
  useQuery({ queryKey: familyBillingKeys.invoice(invoiceId), queryFn: () => api.get<InvoiceDetail>(invoicePath(invoiceId)), retry: false, staleTime: 0 });

/** The disputes of the accounts the parent pays, newest first: the invoice screen marks its questioned lines from them. */
export const useFamilyDisputes = () =>
  useQuery({ queryKey: familyBillingKeys.disputes(), queryFn: () => api.get<DisputeList>(`${BASE}/disputes`), staleTime: 0 });

export const useFamilyDispute = (disputeId: string) =>
  useQuery({ queryKey: familyBillingKeys.dispute(disputeId), queryFn: () => api.get<Dispute>(disputePath(disputeId)), retry: false, staleTime: 0 });

/** After a dispute changes: its thread from the answer; the lists (and the overview's balances) read again. */
async function afterDisputeChange(saved: Dispute) {
  queryClient.setQueryData(familyBillingKeys.dispute(saved.id), saved);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: familyBillingKeys.disputes() }),
    queryClient.invalidateQueries({ queryKey: familyBillingKeys.invoice(saved.invoiceId) }),
  ]);
}

/** "Question this line": opens a dispute on one line of an issued invoice. */
export function useOpenDispute(invoiceId: string) {
  return useMutation({
    mutationFn: ({ lineId, reason }: DisputeOpen & { lineId: string }) =>
      api.post<Dispute>(`${invoicePath(invoiceId)}/lines/${encodeURIComponent(lineId)}/disputes`, { reason }),
    onSuccess: afterDisputeChange,
  });
}

export function useWriteDisputeMessage(disputeId: string) {
  return useMutation({
    mutationFn: (input: DisputeMessageCreate) => api.post<Dispute>(`${disputePath(disputeId)}/messages`, input),
    onSuccess: afterDisputeChange,
  });
}

export function useWithdrawDispute(disputeId: string) {
  return useMutation({
    mutationFn: () => api.post<Dispute>(`${disputePath(disputeId)}/withdraw`),
    onSuccess: afterDisputeChange,
  });
}

/** Whether the family can pay by card here, and otherwise the business's instructions. */
export const useCardPaymentOptions = () =>
  useQuery({ queryKey: familyBillingKeys.cardPayments(), queryFn: () => api.get<CardPaymentOptions>(`${BASE}/card-payments`) });

/** "Pay by card": Stripe's Checkout page for what the invoice still owes (the caller sends the browser there). */
export function useStartInvoiceCheckout(invoiceId: string) {
  return useMutation({ mutationFn: () => api.post<CheckoutStarted>(`${invoicePath(invoiceId)}/checkout`) });
}

/** States after which the card payment changes no more. */
const SETTLED: CheckoutStatus["status"][] = ["paid", "failed", "expired"];
export const CHECKOUT_POLL_MS = 2_000;

/** A card payment's state, read again every two seconds until Stripe's webhook has settled it. */
export const useCheckoutStatus = (attemptId: string) =>
  useQuery({
    queryKey: familyBillingKeys.checkout(attemptId),
    queryFn: () => api.get<CheckoutStatus>(`${BASE}/checkouts/${encodeURIComponent(attemptId)}`),
    retry: false,
    refetchInterval: (query) => (query.state.data && SETTLED.includes(query.state.data.status) ? false : CHECKOUT_POLL_MS),
  });

const accountPath = (accountId: string) => `${BASE}/accounts/${encodeURIComponent(accountId)}`;

/** The packages a family may buy by card. */
export const usePackagesForSale = () =>
  useQuery({ queryKey: familyBillingKeys.packagesForSale(), queryFn: () => api.get<PackagesForSale>(`${BASE}/packages`) });

/** "Buy by card": Stripe's Checkout page for a package (the caller sends the browser there). */
export function useStartPackageCheckout(accountId: string) {
  return useMutation({ mutationFn: (input: PackageCheckoutCreate) => api.post<CheckoutStarted>(`${accountPath(accountId)}/package-checkout`, input) });
}

/** The account's saved card and autopay. */
export const useSavedCard = (accountId: string, { waitForCard = false } = {}) =>
  useQuery({
    queryKey: familyBillingKeys.card(accountId),
    queryFn: () => api.get<SavedCardState>(`${accountPath(accountId)}/card`),
    // Back from saving a card on Stripe's page: read again until the webhook has stored it.
    refetchInterval: (query) => (waitForCard && query.state.data && !query.state.data.card ? CHECKOUT_POLL_MS : false),
  });

/** "Save a card": Stripe's page in setup mode. */
export function useStartCardSetup(accountId: string) {
  return useMutation({ mutationFn: () => api.post<{ url: string }>(`${accountPath(accountId)}/card-setup`) });
}

const cardSaved = (accountId: string) => (state: SavedCardState) => queryClient.setQueryData(familyBillingKeys.card(accountId), state);

export function useSetAutopay(accountId: string) {
  return useMutation({
    mutationFn: (input: AutopayUpdate) => api.put<SavedCardState>(`${accountPath(accountId)}/autopay`, input),
    onSuccess: cardSaved(accountId),
  });
}

export function useRemoveSavedCard(accountId: string) {
  return useMutation({ mutationFn: () => api.delete<SavedCardState>(`${accountPath(accountId)}/card`), onSuccess: cardSaved(accountId) });
}
