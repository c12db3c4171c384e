import type { SignupResponse } from "../../../shared/schemas/auth.ts";
import type { InvitationPreview } from "../../../shared/schemas/members.ts";
import { ApiError, api } from "../../lib/api-client.ts";

/**
 * What the public invitation page (/invite?token=…) needs, and nothing heavier: the preview,
 * accepting, and signing up with the invitation. Kept apart from api.ts (the admin's side),
 * and plain requests (no TanStack Query: the page stays within its budget).
 */

/** The invitation's preview; a failure that may pass (a dropped connection) is tried once more. */
export async function readInvitationPreview(token: string): Promise<InvitationPreview> {
  const read = () => api.get<InvitationPreview>(`/invitations/${encodeURIComponent(token)}`);
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError && error.retryable && error.status !== 404) return read();
    throw error;
  }
}

export const acceptInvitation = (token: string) =>
  api.post<{ workspaceId: string; role: InvitationPreview["role"] }>(`/invitations/${encodeURIComponent(token)}/accept`);

export interface InvitationSignup {
  fullName: string;
  email: string;
  password: string;
  invitationToken: string;
}

export const invitationSignup = (input: InvitationSignup) => api.post<SignupResponse>("/signup", input);
