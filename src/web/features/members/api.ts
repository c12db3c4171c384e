import { keepPreviousData, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { MemberRole, MembershipStatus } from "../../../shared/roles.ts";
import { MEMBERS_PAGE_SIZE, type MemberPage, type MemberSummary } from "../../../shared/schemas/members.ts";
import { api, apiFetch } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";
import { workspaceKeys } from "../workspace/api.ts";

/** The filters of the members list, as the URL holds them. */
export interface MemberFilters {
  q: string;
  role: MemberRole | null;
  status: MembershipStatus | null;
  page: number;
}

export const memberKeys = {
  all: ["members"] as const,
  list: (filters: MemberFilters) => [...memberKeys.all, "list", filters] as const,
  search: (q: string) => [...memberKeys.all, "search", q] as const,
};

function memberQueryString(filters: Partial<MemberFilters> & { pageSize?: number }): string {
  const params = new URLSearchParams();
  if (filters.q?.trim()) params.set("q", filters.q.trim());
  if (filters.role) params.set("role", filters.role);
  if (filters.status) params.set("status", filters.status);
  params.set("page", String(filters.page ?? 1));
  params.set("pageSize", String(filters.pageSize ?? MEMBERS_PAGE_SIZE));
  return params.toString();
}

export const fetchMembers = (filters: Partial<MemberFilters> & { pageSize?: number }) => api.get<MemberPage>(`/admin/members?${memberQueryString(filters)}`);

export const membersQuery = (filters: MemberFilters) =>
  queryOptions({ queryKey: memberKeys.list(filters), queryFn: () => fetchMembers(filters), placeholderData: keepPreviousData, staleTime: 0 });
export const useMembers = (filters: MemberFilters) => useQuery(membersQuery(filters));

/** Members whose name or email matches (for pickers): the first 20. */
export const useMemberSearch = (q: string) =>
  useQuery({ queryKey: memberKeys.search(q), queryFn: () => fetchMembers({ q, pageSize: 20 }), placeholderData: keepPreviousData });

const memberPath = (member: MemberSummary) => `/admin/members/${encodeURIComponent(member.memberId)}`;

/** A change to one member also changes the dashboard's counts and the approvals list. */
async function refreshMembers() {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: memberKeys.all }),
    queryClient.invalidateQueries({ queryKey: workspaceKeys.counts() }),
    queryClient.invalidateQueries({ queryKey: ["approvals"] }),
  ]);
}

export const useChangeMemberRole = () =>
  useMutation({
    mutationFn: ({ member, role }: { member: MemberSummary; role: MemberRole }) => api.patch<MemberSummary>(memberPath(member), { role }),
    onSettled: refreshMembers,
  });

export const useSuspendMember = () =>
  useMutation({ mutationFn: (member: MemberSummary) => api.post<MemberSummary>(`${memberPath(member)}/suspend`), onSettled: refreshMembers });

export const useReactivateMember = () =>
  useMutation({ mutationFn: (member: MemberSummary) => api.post<MemberSummary>(`${memberPath(member)}/reactivate`), onSettled: refreshMembers });

export const useRemoveMember = () =>
  useMutation({ mutationFn: (member: MemberSummary) => apiFetch<{ ok: true }>(memberPath(member), { method: "DELETE" }), onSettled: refreshMembers });
