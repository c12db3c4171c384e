import { lazy, Suspense } from "react";
import { usePublicConfigValue, useViewer } from "./viewer.ts";

// The menu is its own chunk: most visitors of the public pages never download it.
const SwitchRoleButton = lazy(() => import("./switch-role-button.tsx"));

/** Shows Switch Role to devops accounts, and to everyone on a local development server. */
export function SwitchRoleGate() {
  const me = useViewer();
  const config = usePublicConfigValue();
  const allowed = me ? me.canSwitchRole : Boolean(config?.roleSwitching);
  if (!allowed) return null;
  return (
    <Suspense fallback={null}>
      <SwitchRoleButton />
    </Suspense>
  );
}
