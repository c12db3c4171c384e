import { AUDIT_ACTIONS } from "../../../shared/schemas/audit.ts";
import { ROLE_LABELS, type Role } from "../../../shared/roles.ts";

/** The action's label ("Student record viewed"), or its code when it is not a known one. */
export const actionLabel = (action: string) => (action in AUDIT_ACTIONS ? AUDIT_ACTIONS[action as keyof typeof AUDIT_ACTIONS] : action);

export const roleLabel = (role: string | null) => (role && role in ROLE_LABELS ? ROLE_LABELS[role as Role] : role);
