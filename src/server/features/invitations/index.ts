/** Invitations: the routes, and accepting one by token (which signing up with an invitation does too). */
export { invitationRoutes } from "./routes.ts";
export { completeInvitation, findInvitationByToken, type TokenInvitation, unusableReason } from "./accept.ts";
/** Inviting (mailed in the same transaction): the CRM invites a converted lead's guardians with it. */
export { createInvitation } from "./service.ts";
