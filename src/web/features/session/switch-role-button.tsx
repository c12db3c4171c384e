// The menu's styles come with it (the public pages' stylesheet holds only what they show first).
import "@mantine/core/styles/Popover.layer.css";
import "@mantine/core/styles/Menu.layer.css";
import "@mantine/core/styles/Affix.layer.css";
import { Affix, Button, Menu } from "@mantine/core";
import { IconUserCog } from "@tabler/icons-react";
import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { ROLE_LABELS, SWITCHABLE_ROLES, type SwitchableRole } from "../../../shared/roles.ts";
import { api } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";
import { sessionKeys, useMe } from "./api.ts";
import type { MeResponse } from "../../../shared/schemas/me.ts";

const storageKey = (userId: string | undefined) => `glassroom.roleOverride.${userId ?? "local"}`;

function readStored(userId: string | undefined): SwitchableRole | null {
  const value = window.localStorage.getItem(storageKey(userId));
  return (SWITCHABLE_ROLES as readonly string[]).includes(value ?? "") ? (value as SwitchableRole) : null;
}

async function applyOverride(role: SwitchableRole | null) {
  const me = await api.post<MeResponse>("/me/role-override", { role });
  queryClient.setQueryData(sessionKeys.me, me);
}

/**
 * The floating Switch Role button, shown by SwitchRoleGate to devops
 * accounts always and to everyone on a local development server. The choice is kept in the browser per user id (or 'local') and
 * restored on load; the server honours it only for those allowed, and audits each switch.
 */
export default function SwitchRoleButton() {
  // Its own provider: on a content page it can render before the root's (lib/query-provider.ts).
  return (
    <QueryClientProvider client={queryClient}>
      <SwitchRoleMenu />
    </QueryClientProvider>
  );
}

function SwitchRoleMenu() {
  const { data: me } = useMe();
  const navigate = useNavigate();
  const userId = me?.user.id;

  useEffect(() => {
    if (!me) return;
    const stored = readStored(userId);
    if (stored && stored !== me.roleOverride) void applyOverride(stored).catch(() => {});
  }, [me, userId]);

  const choose = async (role: SwitchableRole) => {
    window.localStorage.setItem(storageKey(userId), role);
    if (me) await applyOverride(role);
    void navigate(role === "unsigned" ? "/" : `/${role}/dashboard`);
  };

  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={250}>
      <Menu position="top-end" shadow="md" withinPortal>
        <Menu.Target>
          <Button leftSection={<IconUserCog size={18} aria-hidden="true" />} variant="filled" color="dark" radius="xl">
            Switch Role
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>View Glassroom as</Menu.Label>
          {SWITCHABLE_ROLES.map((role) => (
            <Menu.Item key={role} onClick={() => void choose(role)} aria-current={me?.role === role ? "true" : undefined}>
              {ROLE_LABELS[role]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Affix>
  );
}
