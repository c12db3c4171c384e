import { useMutation, useQuery } from "@tanstack/react-query";
import type { CrmSettings, CrmSettingsUpdate, StageCreate, StageList } from "../../../shared/schemas/crm.ts";
import { api } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";
import { crmKeys } from "./api.ts";

/** The CRM's settings and the pipeline's stages as admins change them (/api/admin/crm/settings, …/stages). */
export const crmSettingsKey = () => [...crmKeys.area("admin"), "settings"] as const;

export const useCrmSettings = () => useQuery({ queryKey: crmSettingsKey(), queryFn: () => api.get<CrmSettings>("/admin/crm/settings") });

export function useUpdateCrmSettings() {
  return useMutation({
    mutationFn: (changes: CrmSettingsUpdate) => api.patch<CrmSettings>("/admin/crm/settings", changes),
    onSuccess: async (saved) => {
      queryClient.setQueryData(crmSettingsKey(), saved);
      // The lost reasons come with the stages.
      await queryClient.invalidateQueries({ queryKey: crmKeys.all });
    },
  });
}

/** A change of the pipeline: every CRM screen of both areas shows the stages. */
async function pipelineChanged(list: StageList) {
  queryClient.setQueryData(crmKeys.stages("admin"), list);
  await queryClient.invalidateQueries({ queryKey: crmKeys.all });
}

export type StageChange =
  | { kind: "add"; input: StageCreate }
  | { kind: "rename"; stageId: string; name: string }
  | { kind: "order"; stageIds: string[] }
  | { kind: "archive"; stageId: string };

const sendStageChange = (change: StageChange): Promise<StageList> => {
  switch (change.kind) {
    case "add":
      return api.post<StageList>("/admin/crm/stages", change.input);
    case "rename":
      return api.patch<StageList>(`/admin/crm/stages/${encodeURIComponent(change.stageId)}`, { name: change.name });
    case "order":
      return api.put<StageList>("/admin/crm/stages/order", { stageIds: change.stageIds });
    case "archive":
      return api.post<StageList>(`/admin/crm/stages/${encodeURIComponent(change.stageId)}/archive`);
  }
};

export const useChangeStages = () => useMutation({ mutationFn: sendStageChange, onSuccess: pipelineChanged });
