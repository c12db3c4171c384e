import type { ReactNode } from "react";
import { roleHasPermission, type Permission } from "../../../shared/permissions.ts";
import { useMe } from "../../features/session/api.ts";

/**
 * Whether the viewer's role holds a permission: the labels and the table the route table and
 * the server's operations use (src/shared/roles.ts), so that a screen never offers what the
 * API would refuse. No viewer yet (loading, signed out) holds none.
 */
export function useCan(permission: Permission): boolean {
  const { data: me } = useMe();
  return me ? roleHasPermission(me.role, permission) : false;
}

/** Its children only when the viewer's role holds `permission`; else `otherwise` (nothing by default). */
export function Can({ permission, children, otherwise = null }: { permission: Permission; children: ReactNode; otherwise?: ReactNode }) {
  return <>{useCan(permission) ? children : otherwise}</>;
}
