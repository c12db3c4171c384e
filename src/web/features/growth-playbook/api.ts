import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { Playbook, PlaybookDecision } from "../../../shared/schemas/growth-playbook.ts";
import { api } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";

export const playbookKeys = {
  all: ["growth-playbook"] as const,
};

const PATH = "/admin/growth-playbook";

export const playbookQuery = () => queryOptions({ queryKey: playbookKeys.all, queryFn: () => api.get<Playbook>(PATH), staleTime: 0 });
export const usePlaybook = () => useQuery(playbookQuery());

export interface DecisionVariables extends PlaybookDecision {
  stepKey: string;
}

/** Ticks, skips or opens a step; the answer is the whole playbook as it now stands. */
export function useDecideStep() {
  return useMutation({
    mutationFn: ({ stepKey, ...decision }: DecisionVariables) => api.put<Playbook>(`${PATH}/steps/${encodeURIComponent(stepKey)}`, decision),
    onSuccess: (playbook) => queryClient.setQueryData(playbookKeys.all, playbook),
  });
}
