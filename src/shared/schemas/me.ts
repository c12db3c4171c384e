import { z } from "zod";
import { MEMBER_ROLES, MEMBERSHIP_STATUSES, ROLES, SWITCHABLE_ROLES } from "../roles.ts";

export const workspaceSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  /** IANA zone and ISO currency: dates and money of the workspace are shown in them. */
  timeZone: z.string(),
  currency: z.string(),
  role: z.enum(MEMBER_ROLES),
  status: z.enum(MEMBERSHIP_STATUSES),
});
export type WorkspaceSummary = z.infer<typeof workspaceSummarySchema>;

export const meResponseSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
    twoFactorEnabled: z.boolean(),
    devops: z.boolean(),
  }),
  /** The role shown: the role override when one is honoured, else the membership's role. */
  role: z.enum(ROLES),
  membershipRole: z.enum(MEMBER_ROLES).nullable(),
  membershipStatus: z.enum(MEMBERSHIP_STATUSES).nullable(),
  roleOverride: z.enum(SWITCHABLE_ROLES).nullable(),
  canSwitchRole: z.boolean(),
  activeWorkspace: workspaceSummarySchema.nullable(),
  workspaces: z.array(workspaceSummarySchema),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const roleOverrideRequestSchema = z.strictObject({
  role: z.enum(SWITCHABLE_ROLES).nullable(),
});

export const setActiveWorkspaceRequestSchema = z.strictObject({
  workspaceId: z.string().min(1, "Workspace is required.").max(64, "Workspace id is too long."),
});

export const publicConfigSchema = z.object({
  version: z.string(),
  environment: z.enum(["development", "production", "test"]),
  googleSignIn: z.boolean(),
  workspaceSignup: z.boolean(),
  devOutbox: z.boolean(),
  /** Whether everyone may use Switch Role here (a local development server). */
  roleSwitching: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
