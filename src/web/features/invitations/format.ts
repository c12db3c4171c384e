import type { InvitationState } from "../../../shared/schemas/members.ts";

export const STATE_LABELS: Record<InvitationState, string> = { pending: "Pending", accepted: "Accepted", revoked: "Revoked", expired: "Expired" };
/** Dark shades: outline badges keep WCAG AA contrast. */
export const STATE_COLORS: Record<InvitationState, string> = { pending: "blue.9", accepted: "teal.9", revoked: "gray.7", expired: "orange.9" };
