import { z } from "zod";
import { MEMBER_ROLES } from "../roles.ts";
import { isRegionTimeZone, TIME_ZONE_RULE } from "../time-zones.ts";
import { joinCodeField, workspaceNameField } from "./fields.ts";

export const pendingMemberSchema = z.object({
  memberId: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  requestedAt: z.string(),
});
export type PendingMember = z.infer<typeof pendingMemberSchema>;

export const approveRequestSchema = z.strictObject({
  role: z.enum(MEMBER_ROLES, { error: "Role must be one of admin, tutor, parent or student." }),
});

export const rejectRequestSchema = z.strictObject({
  reason: z.string().trim().max(500, "Reason must be at most 500 characters.").optional(),
});

/**
 * A zone used only in JavaScript to show or read times (a viewer's browser zone): any name or
 * offset that Intl knows. A workspace's or a tutor's zone, which the database also reads, is a
 * regionTimeZoneField.
 */
export const timeZoneField = z
  .string({ error: "Time zone is required." })
  .min(1, "Time zone is required.")
  .max(64, "Time zone is too long.")
  .refine((value) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }, "Time zone must be an IANA time zone such as Europe/London.");

/** A stored zone (a workspace's, a tutor's): UTC or a region name that both Intl and PostgreSQL know. */
export const regionTimeZoneField = z
  .string({ error: "Time zone is required." })
  .min(1, "Time zone is required.")
  .max(64, "Time zone is too long.")
  .refine(isRegionTimeZone, TIME_ZONE_RULE);

const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf("currency"));

export const currencyField = z
  .string({ error: "Currency is required." })
  .regex(/^[A-Z]{3}$/, "Currency must be a three-letter ISO 4217 code such as GBP.")
  .refine((code) => KNOWN_CURRENCIES.has(code), {
    error: (issue) => `${String(issue.input)} is not an ISO 4217 currency code; use one such as GBP, EUR or USD.`,
  });

export const workspaceSettingsSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  joinCode: z.string(),
  joiningOpen: z.boolean(),
});
export type WorkspaceSettings = z.infer<typeof workspaceSettingsSchema>;

export const workspaceSettingsUpdateSchema = z
  .strictObject({
    name: workspaceNameField.optional(),
    timeZone: regionTimeZoneField.optional(),
    currency: currencyField.optional(),
    joiningOpen: z.boolean({ error: "Joining open must be true or false." }).optional(),
  })
  .refine((value) => Object.keys(value).length > 0, "Give at least one setting to change.");

export const memberCountsSchema = z.object({
  byRole: z.record(z.enum(MEMBER_ROLES), z.number().int()),
  pending: z.number().int(),
  suspended: z.number().int(),
  /** Student records by status (erased ones count as former). */
  students: z.object({ active: z.number().int(), paused: z.number().int(), former: z.number().int() }),
  /** Invitations sent and not yet accepted, revoked or expired. */
  openInvitations: z.number().int(),
});
export type MemberCounts = z.infer<typeof memberCountsSchema>;

export const createWorkspaceRequestSchema = z.strictObject({ workspaceName: workspaceNameField });
/** Asking to join another workspace with its join code. */
export const joinWorkspaceRequestSchema = z.strictObject({ joinCode: joinCodeField });
export type WorkspaceSettingsChanges = z.infer<typeof workspaceSettingsUpdateSchema>;
