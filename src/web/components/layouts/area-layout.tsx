// Mantine's styles of what the areas use beyond the public pages' (the page stylesheet every page links).
import "../../styles/mantine-areas.css";
import { AppShell, Box, Burger, Group, NavLink as MantineNavLink, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { NavLink, Outlet, useLoaderData, useLocation, type ClientLoaderFunctionArgs } from "react-router";
import { areaRoutesOf } from "../../../shared/route-table.ts";
import { isMemberRole, ROLE_LABELS } from "../../../shared/roles.ts";
import { useMe } from "../../features/session/api.ts";
import { guard } from "../../features/session/guards.ts";
import { UserMenu } from "../../features/session/user-menu.tsx";
import { WorkspaceSwitcher } from "../../features/workspace/workspace-switcher.tsx";
import { Brand } from "../ui/brand.tsx";
import { SkipLink } from "../ui/skip-link.tsx";
import { AuthLoading } from "../ui/auth-loading.tsx";
import { AreaNotifications } from "./area-notifications.tsx";

/** Each area checks the role once, here, before any of its screens renders. */
export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const me = await guard(request);
  return { role: me.role };
}

export function HydrateFallback() {
  return <AuthLoading />;
}

/** The area layout: navigation to the area's screens, the workspace switcher and the user menu. */
export default function AreaLayout() {
  const { role: loadedRole } = useLoaderData<typeof clientLoader>();
  const { data: me } = useMe();
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const role = me?.role ?? loadedRole;
  const screens = isMemberRole(role) ? areaRoutesOf(role) : [];

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 240, breakpoint: "sm", collapsed: { mobile: !opened } }} padding="lg">
      <SkipLink />
      <AreaNotifications />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Open navigation" />
            <Brand to={isMemberRole(role) ? `/${role}/dashboard` : "/"} />
            <Text size="sm" c="dimmed" visibleFrom="xs">
              {ROLE_LABELS[role]}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <WorkspaceSwitcher />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={`${ROLE_LABELS[role]} navigation`} component="nav">
        {/* The browser's own scrolling when the links outgrow the window: Mantine's ScrollArea
            would bring Floating UI's chunk (about 17 KB of gzip in all) to every first screen. */}
        <Box style={{ overflowY: "auto", scrollbarWidth: "thin" }}>
          {screens.map((screen) => (
            <MantineNavLink
              key={screen.path}
              component={NavLink}
              to={screen.path}
              label={screen.navLabel}
              // A list stays highlighted on its records' pages (/admin/students/… → Students).
              active={location.pathname === screen.path || location.pathname.startsWith(`${screen.path}/`)}
              onClick={close}
            />
          ))}
        </Box>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
