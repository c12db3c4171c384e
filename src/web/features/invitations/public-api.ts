import { useMutation, useQuery } from "@tanstack/react-query";
import type { SignupResponse } from "../../../shared/schemas/auth.ts";
import type { InvitationPreview } from "../../../shared/schemas/members.ts";
import { ApiError, api } from "../../lib/api-client.ts";

/**
 * What the public invitation page (/invite?token=…) needs, and nothing heavier: the preview,
 * accepting, and signing up with the invitation. Kept apart from api.ts (the admin's side).
 */
export const invitationPreviewKey = (token: string) => ["invitation-preview", token] as const;

export const useInvitationPreview = (token: string | null) =>
  useQuery({
    queryKey: invitationPreviewKey(token ?? ""),
    queryFn: () => api.get<InvitationPreview>(`/invitations/${encodeURIComponent(token!)}`),
    enabled: token !== null,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && error instanceof ApiError && error.retryable && count < 1,
    staleTime: 0,
  });

export const useAcceptInvitation = (token: string) =>
  useMutation({ mutationFn: () => api.post<{ workspaceId: string; role: InvitationPreview["role"] }>(`/invitations/${encodeURIComponent(token)}/accept`) });

export interface InvitationSignup {
  fullName: string;
  email: string;
  password: string;
  invitationToken: string;
}

export const useInvitationSignup = () => useMutation({ mutationFn: (input: InvitationSignup) => api.post<SignupResponse>("/signup", input) });

/** Signs out without Better Auth's client (which this light page does not load). */
export const signOutHere = () => api.post<unknown>("/auth/sign-out", {});
