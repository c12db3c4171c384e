import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { MemberRole } from "../../../shared/roles.ts";
import type { PendingMember } from "../../../shared/schemas/workspace.ts";
import { api } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";
import { workspaceKeys } from "../workspace/api.ts";

export const approvalKeys = {
  all: ["approvals"] as const,
  pending: () => [...approvalKeys.all, "pending"] as const,
};

export const fetchPendingMembers = async () => (await api.get<{ items: PendingMember[] }>("/admin/approvals")).items;
export const approveMember = (memberId: string, role: MemberRole) =>
  api.post<{ ok: true }>(`/admin/approvals/${encodeURIComponent(memberId)}/approve`, { role });
export const rejectMember = (memberId: string, reason: string | undefined) =>
  api.post<{ ok: true }>(`/admin/approvals/${encodeURIComponent(memberId)}/reject`, reason ? { reason } : {});

export const pendingMembersQuery = queryOptions({ queryKey: approvalKeys.pending(), queryFn: fetchPendingMembers, staleTime: 0 });
export const usePendingMembers = () => useQuery(pendingMembersQuery);

/** After any decision the list and the dashboard counts change; a failure (someone else decided first) too. */
async function refreshAfterDecision() {
  await Promise.all([queryClient.invalidateQueries({ queryKey: approvalKeys.all }), queryClient.invalidateQueries({ queryKey: workspaceKeys.counts() })]);
}

export function useApproveMember() {
  return useMutation({
    mutationFn: ({ member, role }: { member: PendingMember; role: MemberRole }) => approveMember(member.memberId, role),
    onSettled: refreshAfterDecision,
  });
}

export function useRejectMember() {
  return useMutation({
    mutationFn: ({ member, reason }: { member: PendingMember; reason?: string | undefined }) => rejectMember(member.memberId, reason),
    onSettled: refreshAfterDecision,
  });
}
