/**
 * Permission labels: what each role may do. The server enforces them on every API operation
 * (needs(label)), the route table gives them to screens, and the web's <Can> hides by them.
 * Kept apart from roles.ts so that public pages, which need the roles but never a
 * permission, do not load the table.
 */
import type { MemberRole, Role } from "./roles.ts";

export const PERMISSIONS = {
  admin: [
    "admin:read",
    "admin:approvals:read",
    "admin:approvals:write",
    "admin:members:read",
    "admin:members:write",
    "admin:tutors:read",
    "admin:tutors:write",
    "admin:students:read",
    "admin:students:write",
    "admin:sessions:read",
    "admin:sessions:write",
    "admin:reports:read",
    "admin:growth:read",
    "admin:growth:write",
    "admin:resources:read",
    "admin:resources:write",
    "admin:system:read",
    "admin:system:write",
    "admin:settings:read",
    "admin:settings:write",
    "admin:billing:read",
    "admin:billing:write",
    "admin:pay:read",
    "admin:pay:write",
    "admin:health:read",
    "admin:health:write",
    "admin:crm:read",
    "admin:crm:write",
  ],
  parent: [
    "parent:read",
    "parent:students:read",
    "parent:students:write",
    "parent:billing:read",
    "parent:billing:write",
    "parent:health:read",
    "parent:resources:read",
    "parent:settings:read",
    "parent:settings:write",
  ],
  student: [
    "student:read",
    "student:calendar:read",
    "student:calendar:write",
    "student:reports:read",
    "student:resources:read",
    "student:settings:read",
    "student:settings:write",
  ],
  tutor: [
    "tutor:read",
    "tutor:students:read",
    "tutor:health:write",
    "tutor:jobs:read",
    "tutor:jobs:write",
    "tutor:resources:read",
    "tutor:resources:write",
    "tutor:reports:read",
    "tutor:pay:read",
    "tutor:settings:read",
    "tutor:settings:write",
  ],
} as const satisfies Record<MemberRole, readonly string[]>;

export type Permission = (typeof PERMISSIONS)[MemberRole][number];

export function permissionsOf(role: Role): readonly Permission[] {
  return role === "unsigned" || role === "pending" ? [] : PERMISSIONS[role];
}

export function roleHasPermission(role: Role, permission: Permission): boolean {
  return permissionsOf(role).includes(permission);
}
