import type { InvitationState } from "../../../shared/schemas/members.ts";

export const STATE_LABELS: Record<InvitationState, string> = { pending: "Pending", accepted: "Accepted", revoked: "Revoked", expired: "Expired" };
/** Colours without a shade: the theme keeps an outline badge's text at AA in both colour schemes. */
export const STATE_COLORS: Record<InvitationState, string> = { pending: "blue", accepted: "teal", revoked: "gray", expired: "orange" };
