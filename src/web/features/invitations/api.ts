import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { Invitation, InvitationCreate } from "../../../shared/schemas/members.ts";
import { api } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";

/** The invitations an admin sent, and what they do with them. */
export const invitationKeys = {
  all: ["invitations"] as const,
  list: () => [...invitationKeys.all, "list"] as const,
};

export const invitationsQuery = queryOptions({
  queryKey: invitationKeys.list(),
  queryFn: async () => (await api.get<{ items: Invitation[] }>("/admin/invitations")).items,
  staleTime: 0,
});
export const useInvitations = () => useQuery(invitationsQuery);

const refresh = () => queryClient.invalidateQueries({ queryKey: invitationKeys.all });
const invitationPath = (invitation: Invitation) => `/admin/invitations/${encodeURIComponent(invitation.id)}`;

export const useCreateInvitation = () =>
  useMutation({ mutationFn: (input: InvitationCreate) => api.post<Invitation>("/admin/invitations", input), onSuccess: refresh });
export const useResendInvitation = () =>
  useMutation({ mutationFn: (invitation: Invitation) => api.post<Invitation>(`${invitationPath(invitation)}/resend`), onSettled: refresh });
export const useRevokeInvitation = () =>
  useMutation({ mutationFn: (invitation: Invitation) => api.post<Invitation>(`${invitationPath(invitation)}/revoke`), onSettled: refresh });
