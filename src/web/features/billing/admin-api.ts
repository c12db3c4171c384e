import { keepPreviousData, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  AccountDetail,
  AccountMerge,
  AccountMergeResult,
  AccountPage,
  AccountSplit,
  AccountSplitResult,
  AgedBalances,
  LedgerPage,
} from "../../../shared/schemas/billing-accounts.ts";
import type { CardActivity } from "../../../shared/schemas/online-payments.ts";
import type { Dispute, DisputeCredit, DisputeExplain, DisputeList, DisputeMessageCreate } from "../../../shared/schemas/billing-disputes.ts";
import type {
  batchIssueSchema,
  batchPreviewSchema,
  creditNotePageSchema,
  CreditNoteCreate,
  CreditNoteDetail,
  FeeLineInput,
  InvoiceCreate,
  InvoiceDetail,
  invoicePageSchema,
  InvoiceUpdate,
  uninvoicedSchema,
} from "../../../shared/schemas/billing-invoices.ts";
import type {
  HoursSummary,
  PackageProduct,
  PackageProductCreate,
  PackageProductList,
  PackageProductUpdate,
  PackagePurchase,
  PackagePurchaseCreate,
} from "../../../shared/schemas/billing-packages.ts";
import type { Payment, PaymentCreate, PaymentPage, RefundCreate } from "../../../shared/schemas/billing-payments.ts";
import type { LatestLedgerVerification, LedgerVerification } from "../../../shared/schemas/billing-statements.ts";
import type { MemberPage } from "../../../shared/schemas/members.ts";
import { api, apiFetch } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";

export type InvoicePage = z.infer<typeof invoicePageSchema>;
export type CreditNotePage = z.infer<typeof creditNotePageSchema>;
export type Uninvoiced = z.infer<typeof uninvoicedSchema>;
export type BatchPreview = z.infer<typeof batchPreviewSchema>;
export type BatchIssue = z.infer<typeof batchIssueSchema>;

export const BILLING_PAGE_SIZE = 25;
/** The API's largest page, and the most invoices one payment is allocated to: the payment form offers that many open invoices. */
export const OPEN_INVOICES_LIMIT = 100;

/** The tabs of /admin/billing, kept in the URL (?tab=): each list keeps it among its own params. */
export const BILLING_TABS = ["families", "invoices", "batch", "payments", "credit-notes", "disputes", "packages", "aged", "ledger", "exports"] as const;
export type BillingTab = (typeof BILLING_TABS)[number];
export const LEDGER_PAGE_SIZE = 50;

/** The filters of the invoices list, as the URL holds them. */
export interface InvoiceFilters {
  state: string | null;
  accountId: string | null;
  from: string | null;
  to: string | null;
  page: number;
}

export interface Period {
  from: string;
  to: string;
}

export const adminBillingKeys = {
  all: ["admin-billing"] as const,
  accounts: (q: string, page: number) => [...adminBillingKeys.all, "accounts", q, page] as const,
  account: (accountId: string) => [...adminBillingKeys.all, "account", accountId] as const,
  ledger: (accountId: string, page: number) => [...adminBillingKeys.all, "ledger", accountId, page] as const,
  hours: (accountId: string) => [...adminBillingKeys.all, "hours", accountId] as const,
  cardActivity: (accountId: string) => [...adminBillingKeys.all, "card-activity", accountId] as const,
  invoices: (filters: InvoiceFilters) => [...adminBillingKeys.all, "invoices", filters] as const,
  invoice: (invoiceId: string) => [...adminBillingKeys.all, "invoice", invoiceId] as const,
  openInvoices: (accountId: string | null) => [...adminBillingKeys.all, "open-invoices", accountId] as const,
  uninvoiced: (period: Period) => [...adminBillingKeys.all, "uninvoiced", period] as const,
  payments: (accountId: string | null, page: number) => [...adminBillingKeys.all, "payments", accountId, page] as const,
  payment: (paymentId: string) => [...adminBillingKeys.all, "payment", paymentId] as const,
  creditNotes: (filters: { accountId?: string; invoiceId?: string; page: number }) => [...adminBillingKeys.all, "credit-notes", filters] as const,
  disputes: () => [...adminBillingKeys.all, "disputes"] as const,
  dispute: (disputeId: string) => [...adminBillingKeys.all, "dispute", disputeId] as const,
  packages: () => [...adminBillingKeys.all, "packages"] as const,
  aged: (page: number) => [...adminBillingKeys.all, "aged", page] as const,
  verification: () => [...adminBillingKeys.all, "ledger-verification"] as const,
};

const BASE = "/admin/billing";
const id = (value: string) => encodeURIComponent(value);
const query = (entries: Record<string, string | number | null | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(entries)) if (value !== null && value !== undefined && value !== "") params.set(key, String(value));
  return params.toString();
};

/** Where the screens of an account, an invoice and a payment are. */
export const accountHref = (accountId: string) => `/admin/billing/accounts/${id(accountId)}`;
export const invoiceHref = (invoiceId: string) => `/admin/billing/invoices/${id(invoiceId)}`;
export const paymentHref = (paymentId: string) => `/admin/billing/payments/${id(paymentId)}`;

/** Files the browser downloads itself (the session cookie goes along). */
export const invoicePdfHref = (invoiceId: string) => `/api${BASE}/invoices/${id(invoiceId)}/pdf`;
export const creditNotePdfHref = (creditNoteId: string) => `/api${BASE}/credit-notes/${id(creditNoteId)}/pdf`;
export const statementHref = (accountId: string, period: Period, format: "pdf" | "csv") =>
  `/api${BASE}/accounts/${id(accountId)}/statement?${query({ from: period.from, to: period.to, format })}`;
export const EXPORT_KINDS = ["invoices", "invoice-lines", "payments", "credit-notes"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const exportHref = (kind: ExportKind, period: Partial<Period>) => {
  const search = query({ from: period.from, to: period.to });
  return `/api${BASE}/exports/${kind}.csv${search ? `?${search}` : ""}`;
};

/** A key for one opening of a money form: sending it again records the payment once. */
export const newIdempotencyKey = () => `web-${crypto.randomUUID()}`;

// ---- Reads ----

export const useAccounts = (q: string, page: number) =>
  useQuery({
    queryKey: adminBillingKeys.accounts(q, page),
    queryFn: () => api.get<AccountPage>(`${BASE}/accounts?${query({ q: q.trim(), page, pageSize: BILLING_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });

export const accountQuery = (accountId: string) =>
  queryOptions({ queryKey: adminBillingKeys.account(accountId), queryFn: () => api.get<AccountDetail>(`${BASE}/accounts/${id(accountId)}`), retry: false });
export const useAccount = (accountId: string) => useQuery(accountQuery(accountId));

export const useAccountLedger = (accountId: string, page: number) =>
  useQuery({
    queryKey: adminBillingKeys.ledger(accountId, page),
    queryFn: () => api.get<LedgerPage>(`${BASE}/accounts/${id(accountId)}/ledger?${query({ page, pageSize: LEDGER_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });

export const useAccountHours = (accountId: string) =>
  useQuery({ queryKey: adminBillingKeys.hours(accountId), queryFn: () => api.get<HoursSummary>(`${BASE}/accounts/${id(accountId)}/hours`) });

export const useCardActivity = (accountId: string) =>
  useQuery({ queryKey: adminBillingKeys.cardActivity(accountId), queryFn: () => api.get<CardActivity>(`${BASE}/accounts/${id(accountId)}/card-activity`) });

export const useInvoices = (filters: InvoiceFilters, enabled = true) =>
  useQuery({
    queryKey: adminBillingKeys.invoices(filters),
    queryFn: () =>
      api.get<InvoicePage>(
        `${BASE}/invoices?${query({ state: filters.state, accountId: filters.accountId, from: filters.from, to: filters.to, page: filters.page, pageSize: BILLING_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
    enabled,
  });

/** A family's open invoices (issued, not fully paid): what a payment may be allocated to. */
export const useOpenInvoices = (accountId: string | null) =>
  useQuery({
    queryKey: adminBillingKeys.openInvoices(accountId),
    queryFn: () => api.get<InvoicePage>(`${BASE}/invoices?${query({ state: "open", accountId, page: 1, pageSize: OPEN_INVOICES_LIMIT })}`),
    enabled: accountId !== null,
  });

export const useInvoice = (invoiceId: string) =>
  useQuery({ queryKey: adminBillingKeys.invoice(invoiceId), queryFn: () => api.get<InvoiceDetail>(`${BASE}/invoices/${id(invoiceId)}`), retry: false });

export const useUninvoiced = (period: Period) =>
  useQuery({
    queryKey: adminBillingKeys.uninvoiced(period),
    queryFn: () => api.get<Uninvoiced>(`${BASE}/uninvoiced?${query({ from: period.from, to: period.to })}`),
    placeholderData: keepPreviousData,
  });

export const usePayments = (accountId: string | null, page: number) =>
  useQuery({
    queryKey: adminBillingKeys.payments(accountId, page),
    queryFn: () => api.get<PaymentPage>(`${BASE}/payments?${query({ accountId, page, pageSize: BILLING_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });

export const usePayment = (paymentId: string) =>
  useQuery({ queryKey: adminBillingKeys.payment(paymentId), queryFn: () => api.get<Payment>(`${BASE}/payments/${id(paymentId)}`), retry: false });

export const useCreditNotes = (filters: { accountId?: string; invoiceId?: string; page: number }) =>
  useQuery({
    queryKey: adminBillingKeys.creditNotes(filters),
    queryFn: () => api.get<CreditNotePage>(`${BASE}/credit-notes?${query({ ...filters, pageSize: BILLING_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });

export const useCreditNote = (creditNoteId: string) =>
  useQuery({
    queryKey: [...adminBillingKeys.all, "credit-note", creditNoteId],
    queryFn: () => api.get<CreditNoteDetail>(`${BASE}/credit-notes/${id(creditNoteId)}`),
  });

export const useDisputes = () => useQuery({ queryKey: adminBillingKeys.disputes(), queryFn: () => api.get<DisputeList>(`${BASE}/disputes`) });
export const useDispute = (disputeId: string) =>
  useQuery({ queryKey: adminBillingKeys.dispute(disputeId), queryFn: () => api.get<Dispute>(`${BASE}/disputes/${id(disputeId)}`), retry: false });

export const usePackages = () => useQuery({ queryKey: adminBillingKeys.packages(), queryFn: () => api.get<PackageProductList>(`${BASE}/packages`) });

export const useAgedBalances = (page: number) =>
  useQuery({
    queryKey: adminBillingKeys.aged(page),
    queryFn: () => api.get<AgedBalances>(`${BASE}/aged-balances?${query({ page, pageSize: BILLING_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });

/** The newest ledger check; read again every two seconds while it runs in the background. */
export const useLatestVerification = () =>
  useQuery({
    queryKey: adminBillingKeys.verification(),
    queryFn: () => api.get<LatestLedgerVerification>(`${BASE}/ledger/verifications/latest`),
    refetchInterval: (current) => (current.state.data?.verification && current.state.data.verification.finishedAt === null ? 2000 : false),
  });

/** Parent members whose name or email matches (the first 20): who may become a payer. */
export const usePayerCandidates = (q: string, enabled: boolean) =>
  useQuery({
    queryKey: [...adminBillingKeys.all, "payer-candidates", q],
    queryFn: async () => {
      const page = await api.get<MemberPage>(`/admin/members?${query({ role: "parent", page: 1, pageSize: 20, q: q.trim() })}`);
      return page.items.filter((member) => member.status !== "pending");
    },
    placeholderData: keepPreviousData,
    enabled,
  });

// ---- Changes: every money change can move balances, lists and documents, so billing's reads are all read again ----

const refreshBilling = () => queryClient.invalidateQueries({ queryKey: adminBillingKeys.all });

function useBillingMutation<Variables, Data>(mutationFn: (variables: Variables) => Promise<Data>) {
  return useMutation({ mutationFn, onSuccess: () => refreshBilling() });
}

export const useRecordPayment = () => useBillingMutation((input: PaymentCreate) => api.post<Payment>(`${BASE}/payments`, input));
/** A refund recorded by hand, or, for a card payment made online, sent to the card through Stripe. */
export const useRefundPayment = (paymentId: string, toCard = false) =>
  useBillingMutation((input: RefundCreate) => api.post<Payment>(`${BASE}/payments/${id(paymentId)}/${toCard ? "card-refunds" : "refunds"}`, input));

/** Creates a package of the catalogue, or (with its id) saves every field of one. */
export const useSavePackage = (productId: string | null) =>
  useBillingMutation((input: PackageProductCreate) =>
    productId ? api.patch<PackageProduct>(`${BASE}/packages/${id(productId)}`, input) : api.post<PackageProduct>(`${BASE}/packages`, input),
  );
export const useUpdatePackage = () =>
  useBillingMutation(({ productId, changes }: { productId: string; changes: PackageProductUpdate }) =>
    api.patch<PackageProduct>(`${BASE}/packages/${id(productId)}`, changes),
  );
export const useSellPackage = (accountId: string) =>
  useBillingMutation((input: PackagePurchaseCreate) => api.post<PackagePurchase>(`${BASE}/accounts/${id(accountId)}/purchases`, input));

export const usePreviewBatch = () =>
  useMutation({ mutationFn: (period: Period) => api.post<BatchPreview>(`${BASE}/invoice-batches/preview`, { periodFrom: period.from, periodTo: period.to }) });
export const useIssueBatch = () =>
  useBillingMutation((input: { periodFrom: string; periodTo: string; accountIds?: string[] }) => api.post<BatchIssue>(`${BASE}/invoice-batches`, input));

export const useCreateDraftInvoice = () => useBillingMutation((input: InvoiceCreate) => api.post<InvoiceDetail>(`${BASE}/invoices`, input));
export const useUpdateInvoice = (invoiceId: string) =>
  useBillingMutation((changes: InvoiceUpdate) => api.patch<InvoiceDetail>(`${BASE}/invoices/${id(invoiceId)}`, changes));
export const useAddFeeLine = (invoiceId: string) =>
  useBillingMutation((line: FeeLineInput) => api.patch<InvoiceDetail>(`${BASE}/invoices/${id(invoiceId)}`, { addLines: [line] }));
export const useDeleteInvoice = (invoiceId: string) => useBillingMutation(() => apiFetch<unknown>(`${BASE}/invoices/${id(invoiceId)}`, { method: "DELETE" }));
export const useIssueInvoice = (invoiceId: string) => useBillingMutation(() => api.post<InvoiceDetail>(`${BASE}/invoices/${id(invoiceId)}/issue`));
export const useVoidInvoice = (invoiceId: string) =>
  useBillingMutation((reason: string) => api.post<InvoiceDetail>(`${BASE}/invoices/${id(invoiceId)}/void`, { reason }));

export const useCreateCreditNote = () => useBillingMutation((input: CreditNoteCreate) => api.post<CreditNoteDetail>(`${BASE}/credit-notes`, input));

export const useWriteDisputeMessage = (disputeId: string) =>
  useBillingMutation((input: DisputeMessageCreate) => api.post<Dispute>(`${BASE}/disputes/${id(disputeId)}/messages`, input));
export const useExplainDispute = (disputeId: string) =>
  useBillingMutation((input: DisputeExplain) => api.post<Dispute>(`${BASE}/disputes/${id(disputeId)}/explain`, input));
export const useCreditDispute = (disputeId: string) =>
  useBillingMutation((input: DisputeCredit) => api.post<Dispute>(`${BASE}/disputes/${id(disputeId)}/credit`, input));

export const useAddPayer = (accountId: string) =>
  useBillingMutation((memberId: string) => api.post<AccountDetail>(`${BASE}/accounts/${id(accountId)}/payers`, { memberId }));
export const useRemovePayer = (accountId: string) =>
  useBillingMutation((memberId: string) => apiFetch<AccountDetail>(`${BASE}/accounts/${id(accountId)}/payers/${id(memberId)}`, { method: "DELETE" }));
export const useMergeAccount = (accountId: string) =>
  useBillingMutation((input: AccountMerge) => api.post<AccountMergeResult>(`${BASE}/accounts/${id(accountId)}/merge`, input));
export const useSplitAccount = (accountId: string) =>
  useBillingMutation((input: AccountSplit) => api.post<AccountSplitResult>(`${BASE}/accounts/${id(accountId)}/split`, input));

export const useRequestVerification = () => useBillingMutation(() => api.post<LedgerVerification>(`${BASE}/ledger/verifications`));
