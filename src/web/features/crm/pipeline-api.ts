import { useMutation, useQuery, keepPreviousData } from "@tanstack/react-query";
import type { LeadDetail } from "../../../shared/schemas/crm.ts";
import type { Funnel, ImportPreview, ImportResult, LeadImport } from "../../../shared/schemas/crm-pipeline.ts";
import { api } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";
import { type CrmArea, crmKeys } from "./api.ts";

/**
 * The CRM's pipeline tools: a CSV file of leads previewed and imported, a duplicate merged into
 * a lead, and the funnel's figures. Keys sit under the CRM's, so that an import or a merge also
 * refreshes the board, the lists and the lead's page.
 */
export const pipelineKeys = {
  funnels: (area: CrmArea) => [...crmKeys.area(area), "funnel"] as const,
  funnel: (area: CrmArea, range: FunnelRange) => [...pipelineKeys.funnels(area), range] as const,
};

export interface FunnelRange {
  from: string;
  to: string;
}

const base = (area: CrmArea) => `/${area}/crm`;

export const useFunnel = (area: CrmArea, range: FunnelRange) =>
  useQuery({
    queryKey: pipelineKeys.funnel(area, range),
    queryFn: () => api.get<Funnel>(`${base(area)}/funnel?${new URLSearchParams({ from: range.from, to: range.to })}`),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** After leads were added, merged or deleted: everything listing leads reads again. */
async function afterLeadsChange(area: CrmArea) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: crmKeys.boards(area) }),
    queryClient.invalidateQueries({ queryKey: crmKeys.leads(area) }),
    queryClient.invalidateQueries({ queryKey: crmKeys.tasks(area) }),
    queryClient.invalidateQueries({ queryKey: pipelineKeys.funnels(area) }),
  ]);
}

export const usePreviewImport = (area: CrmArea) =>
  useMutation({ mutationFn: (input: LeadImport) => api.post<ImportPreview>(`${base(area)}/leads/import/preview`, input) });

export const useCommitImport = (area: CrmArea) =>
  useMutation({
    mutationFn: (input: LeadImport) => api.post<ImportResult>(`${base(area)}/leads/import`, input),
    onSuccess: () => afterLeadsChange(area),
  });

export interface MergeVariables {
  /** The lead kept. */
  leadId: string;
  /** The duplicate merged into it and deleted. */
  duplicateLeadId: string;
}

export const useMergeLeads = (area: CrmArea) =>
  useMutation({
    mutationFn: ({ leadId, duplicateLeadId }: MergeVariables) =>
      api.post<LeadDetail>(`${base(area)}/leads/${encodeURIComponent(leadId)}/merge`, { duplicateLeadId }),
    onSuccess: async (kept, { duplicateLeadId }) => {
      queryClient.setQueryData(crmKeys.lead(area, kept.id), kept);
      queryClient.removeQueries({ queryKey: crmKeys.lead(area, duplicateLeadId) });
      await afterLeadsChange(area);
    },
  });
