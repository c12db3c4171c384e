import { z } from "zod";
import { MEMBER_ROLES, MEMBERSHIP_STATUSES } from "../roles.ts";
import { emailField, pageOf, pageQuerySchema, searchQueryField, uuidField } from "./fields.ts";
import { INVITATION_TOKEN_PATTERN } from "./invitation-token.ts";

const roleField = z.enum(MEMBER_ROLES, { error: "Role must be one of admin, tutor, parent or student." });

export const memberListQuerySchema = pageQuerySchema.extend({
  q: searchQueryField,
  role: roleField.optional(),
  status: z.enum(MEMBERSHIP_STATUSES, { error: "Status must be pending, active or suspended." }).optional(),
});
export type MemberListQuery = z.infer<typeof memberListQuerySchema>;

export const memberSummarySchema = z.object({
  memberId: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  status: z.enum(MEMBERSHIP_STATUSES),
  joinedAt: z.string(),
  /** Whether this is the viewer's own membership (the UI disables self-demotion and self-removal). */
  isYou: z.boolean(),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;
export const memberPageSchema = pageOf(memberSummarySchema);
/** How many members a page of the Members screen shows: what the screen asks the API for (and what the API benchmark reads). */
export const MEMBERS_PAGE_SIZE = 25;
export type MemberPage = z.infer<typeof memberPageSchema>;

export const changeMemberRoleSchema = z.strictObject({ role: roleField });

export const INVITATION_STATES = ["pending", "accepted", "revoked", "expired"] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];
/** Invitations expire this long after they were last sent. */
export const INVITATION_LIFETIME_DAYS = 7;

export const invitationCreateSchema = z
  .strictObject({
    email: emailField,
    role: roleField,
    /** For parents and students: the student record to link on acceptance. */
    studentId: uuidField("Student").nullable().optional(),
  })
  .refine((value) => !value.studentId || value.role === "parent" || value.role === "student", {
    path: ["studentId"],
    message: "Only parent and student invitations link a student record.",
  });
export type InvitationCreate = z.infer<typeof invitationCreateSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  studentId: z.string().nullable(),
  studentName: z.string().nullable(),
  state: z.enum(INVITATION_STATES),
  invitedByName: z.string().nullable(),
  sentAt: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.object({ items: z.array(invitationSchema) });

/** What the invitation page shows before the person signs up or signs in (public, by token). */
export const invitationPreviewSchema = z.object({
  workspaceName: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  studentName: z.string().nullable(),
  invitedByName: z.string().nullable(),
  state: z.enum(INVITATION_STATES),
  expiresAt: z.string(),
  /** Whether an account with the invited email exists (then: sign in and accept; else: sign up). */
  accountExists: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const invitationTokenField = z
  .string({ error: "Invitation token is required." })
  .regex(INVITATION_TOKEN_PATTERN, "The invitation link is not valid: check that you copied all of it.");

export const acceptInvitationResponseSchema = z.object({ workspaceId: z.string(), role: z.enum(MEMBER_ROLES) });
