import { keepPreviousData, useMutation, useQueries, useQuery } from "@tanstack/react-query";
import type {
  AdjustmentCreate,
  Earning,
  PayRun,
  PayRunDraft,
  PayRunList,
  PayRunPaid,
  PaySettings,
  PaySettingsUpdate,
  PayStatement,
  StatementQuery,
} from "../../../shared/schemas/tutor-pay.ts";
import { api } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";

/**
 * Tutor pay's screens and the API they read: /api/admin/pay/… for admins (every tutor's
 * statement, adjustments, pay runs, the pay settings) and /api/tutor/pay/statement for a tutor.
 */

/** The tabs of /admin/pay, kept in the URL (?tab=). */
export const PAY_TABS = ["tutors", "runs"] as const;
export type PayTab = (typeof PAY_TABS)[number];

export const payKeys = {
  all: ["tutor-pay"] as const,
  settings: () => [...payKeys.all, "settings"] as const,
  statements: () => [...payKeys.all, "statement"] as const,
  statement: (memberId: string, range: StatementQuery) => [...payKeys.statements(), memberId, range] as const,
  ownStatement: (range: StatementQuery) => [...payKeys.statements(), "own", range] as const,
  runs: () => [...payKeys.all, "runs"] as const,
  run: (payRunId: string) => [...payKeys.all, "run", payRunId] as const,
};

const id = (value: string) => encodeURIComponent(value);
const rangeQuery = (range: StatementQuery) => {
  const params = new URLSearchParams();
  if (range.from) params.set("from", range.from);
  if (range.to) params.set("to", range.to);
  const text = params.toString();
  return text ? `?${text}` : "";
};

/** Where the screens of a tutor's statement and of a pay run are. */
export const tutorStatementHref = (memberId: string) => `/admin/pay/tutors/${id(memberId)}`;
export const payRunHref = (payRunId: string) => `/admin/pay/runs/${id(payRunId)}`;
/** The payroll file, downloaded by the browser itself (the session cookie goes along). */
export const payRunCsvHref = (payRunId: string) => `/api/admin/pay/runs/${id(payRunId)}/export.csv`;

/** A key for one opening of an adjustment form: sending it again adds the adjustment once. */
export const newIdempotencyKey = () => `web-${crypto.randomUUID()}`;

// ---- Reads ----

export const usePaySettings = () => useQuery({ queryKey: payKeys.settings(), queryFn: () => api.get<PaySettings>("/admin/pay/settings") });

const fetchStatement = (memberId: string, range: StatementQuery) => api.get<PayStatement>(`/admin/pay/tutors/${id(memberId)}/statement${rangeQuery(range)}`);

export const usePayStatement = (memberId: string, range: StatementQuery) =>
  useQuery({ queryKey: payKeys.statement(memberId, range), queryFn: () => fetchStatement(memberId, range), placeholderData: keepPreviousData, retry: false });

/** The statements (last 90 days) of a page of tutors, one request each, for the tutors tab's figures. */
export const usePayStatements = (memberIds: readonly string[]) =>
  useQueries({ queries: memberIds.map((memberId) => ({ queryKey: payKeys.statement(memberId, {}), queryFn: () => fetchStatement(memberId, {}) })) });

export const useOwnPayStatement = (range: StatementQuery) =>
  useQuery({
    queryKey: payKeys.ownStatement(range),
    queryFn: () => api.get<PayStatement>(`/tutor/pay/statement${rangeQuery(range)}`),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const usePayRuns = () => useQuery({ queryKey: payKeys.runs(), queryFn: () => api.get<PayRunList>("/admin/pay/runs") });

export const usePayRun = (payRunId: string) =>
  useQuery({ queryKey: payKeys.run(payRunId), queryFn: () => api.get<PayRun>(`/admin/pay/runs/${id(payRunId)}`), retry: false });

// ---- Changes ----

/** After a change of pay: the run from the answer, and the lists and statements read again. */
async function afterPayChange(run?: PayRun) {
  if (run) queryClient.setQueryData(payKeys.run(run.id), run);
  await Promise.all([queryClient.invalidateQueries({ queryKey: payKeys.runs() }), queryClient.invalidateQueries({ queryKey: payKeys.statements() })]);
}

export function useUpdatePaySettings() {
  return useMutation({
    mutationFn: (changes: PaySettingsUpdate) => api.patch<PaySettings>("/admin/pay/settings", changes),
    onSuccess: async (saved) => {
      queryClient.setQueryData(payKeys.settings(), saved);
      // Whether earnings wait for their invoice changes what each statement shows as pending.
      await queryClient.invalidateQueries({ queryKey: payKeys.statements() });
    },
  });
}

export function useAddAdjustment(memberId: string) {
  return useMutation({
    mutationFn: (input: AdjustmentCreate) => api.post<Earning>(`/admin/pay/tutors/${id(memberId)}/adjustments`, input),
    onSuccess: () => afterPayChange(),
  });
}

export function useDraftPayRun() {
  return useMutation({ mutationFn: (input: PayRunDraft) => api.post<PayRun>("/admin/pay/runs", input), onSuccess: afterPayChange });
}

export function useConfirmPayRun(payRunId: string) {
  return useMutation({ mutationFn: () => api.post<PayRun>(`/admin/pay/runs/${id(payRunId)}/confirm`), onSuccess: afterPayChange });
}

export function useMarkPayRunPaid(payRunId: string) {
  return useMutation({ mutationFn: (input: PayRunPaid) => api.post<PayRun>(`/admin/pay/runs/${id(payRunId)}/paid`, input), onSuccess: afterPayChange });
}
