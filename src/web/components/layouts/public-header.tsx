import { Box, Button, Container, Group } from "@mantine/core";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { MEMBER_ROLES, dashboardPathOf, isMemberRole } from "../../../shared/roles.ts";
import { NAV_SECTIONS, type NavSection } from "../../features/marketing/nav.ts";
import { useViewer } from "../../features/session/viewer.ts";
import { Brand } from "../ui/brand.tsx";
import { MobileNav, NavLinkList } from "./mobile-nav.tsx";
import { ThemeSwitch } from "./theme-switch.tsx";

/**
 * The public header. Each section's menu is a <details> disclosure: its <summary> is a button
 * with its expanded state for screen readers, it opens with Enter or Space, and it works in
 * the pre-rendered HTML with JavaScript off, where opening one closes the others too (they
 * share a name). On phones one more disclosure holds the same links. Escape and a click
 * elsewhere close a menu: here on the pages React runs, and on the content pages, which load
 * no framework, in their plain script (content-page-script.js); a navigation closes it too.
 */
export function PublicHeader() {
  const location = useLocation();
  const headerRef = useRef<HTMLElement>(null);

  useEffect(() => {
    for (const menu of headerRef.current?.querySelectorAll("details[open]") ?? []) (menu as HTMLDetailsElement).open = false;
  }, [location.pathname]);

  useEffect(() => {
    const openMenus = () => [...(headerRef.current?.querySelectorAll<HTMLDetailsElement>("details[open]") ?? [])];
    const onPointerDown = (event: PointerEvent) => {
      for (const menu of openMenus()) if (!menu.contains(event.target as Node)) menu.open = false;
    };
    // Escape closes the open menu and returns focus to its button.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      for (const menu of openMenus()) {
        menu.open = false;
        menu.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, []);

  return (
    <Box component="header" py="sm" className="public-header" ref={headerRef}>
      <Container size="lg">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Brand />
          <Box component="nav" aria-label="Main" visibleFrom="lg">
            <ul className="nav-menus">
              {NAV_SECTIONS.map((section) => (
                <li key={section.label}>
                  <NavMenu section={section} />
                </li>
              ))}
            </ul>
          </Box>
          <Group gap="xs" wrap="nowrap">
            <ThemeSwitch />
            {/* The content pages' plain script reads the roles to show a member the way to their
                dashboard (content-page-script.js): the one list, from src/shared. */}
            <Group gap="xs" visibleFrom="lg" wrap="nowrap" data-account-actions={MEMBER_ROLES.join(" ")}>
              <AccountActions />
            </Group>
            <Box hiddenFrom="lg">
              <MobileNav sections={NAV_SECTIONS} />
            </Box>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

function NavMenu({ section }: { section: NavSection }) {
  return (
    // One name for every menu: the browser keeps at most one of them open (an exclusive
    // <details> group), at once and with JavaScript off. A toggle handler closing the others
    // raced with fast key presses: the toggle events arrive later, in a task of their own.
    <details className="nav-menu" name="main-nav-menu">
      <summary className="nav-menu-button">{section.label}</summary>
      <NavLinkList section={section} className="nav-menu-panel" />
    </details>
  );
}

/** Sign in and sign up for visitors; the way to their dashboard for signed-in members. */
function AccountActions() {
  // The light read of the session: the content pages load no query library.
  const me = useViewer();
  if (me && isMemberRole(me.role)) {
    return (
      <Button component={Link} to={dashboardPathOf(me.role)}>
        Go to dashboard
      </Button>
    );
  }
  return (
    <>
      <Button component={Link} to="/login" variant="subtle">
        Sign in
      </Button>
      <Button component={Link} to="/signup">
        Start your workspace
      </Button>
    </>
  );
}
