/**
 * Roles and permission labels. The labels are the original product's, extended where later
 * capabilities need them; the server enforces them on every API operation.
 */
export const MEMBER_ROLES = ["admin", "tutor", "parent", "student"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/**
 * The part of the app a member works in (/admin, /tutor, /parent, /student), and so the
 * relationship an API call is made in: one session read as an admin, its tutor, a parent or
 * a student shows different things.
 */
export type Area = MemberRole;
/** The areas that run the work (schedule, report, decide). */
export type ManagerArea = Extract<Area, "admin" | "tutor">;
/** The areas of the families (see their own, ask). */
export type FamilyArea = Extract<Area, "parent" | "student">;

/** Every role a viewer can have: a member role, or unsigned (no session) or pending. */
export const ROLES = ["unsigned", "pending", ...MEMBER_ROLES] as const;
export type Role = (typeof ROLES)[number];

/** The roles the floating Switch Role button offers, in the order people knew from the product Glassroom replaces. */
export const SWITCHABLE_ROLES = ["unsigned", "parent", "tutor", "admin", "student"] as const;
export type SwitchableRole = (typeof SWITCHABLE_ROLES)[number];

export const MEMBERSHIP_STATUSES = ["pending", "active", "suspended"] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export function isMemberRole(value: unknown): value is MemberRole {
  return typeof value === "string" && (MEMBER_ROLES as readonly string[]).includes(value);
}

export function dashboardPathOf(role: Role): string {
  return isMemberRole(role) ? `/${role}/dashboard` : "/";
}

export const ROLE_LABELS: Record<Role, string> = {
  unsigned: "Unsigned",
  pending: "Pending",
  admin: "Admin",
  tutor: "Tutor",
  parent: "Parent",
  student: "Student",
};
