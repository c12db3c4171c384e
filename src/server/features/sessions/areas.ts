/** The permission each area's session operations need, and whose sessions the area sees. */
import type { Area } from "../../../shared/roles.ts";
import type { Permission } from "../../../shared/permissions.ts";

export const SESSION_PERMISSIONS = {
  admin: { read: "admin:sessions:read", write: "admin:sessions:write", who: "every session of the workspace" },
  tutor: { read: "tutor:jobs:read", write: "tutor:jobs:write", who: "the tutor's own sessions (jobs)" },
  parent: { read: "parent:students:read", write: "parent:students:write", who: "the sessions of the parent's children" },
  student: { read: "student:calendar:read", write: "student:calendar:write", who: "the student's own sessions" },
} as const satisfies Record<Area, { read: Permission; write: Permission; who: string }>;
