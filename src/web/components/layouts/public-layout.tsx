import { Anchor, Box, Burger, Button, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { lazy, Suspense } from "react";
import { useDisclosure } from "@mantine/hooks";
import { Link, NavLink, Outlet, useLocation } from "react-router";
import { PUBLIC_ROUTES } from "../../../shared/public-routes.ts";
import { dashboardPathOf, isMemberRole } from "../../../shared/roles.ts";
import { useViewer } from "../../features/session/viewer.ts";
import { Brand } from "../ui/brand.tsx";
import { SkipLink } from "../ui/skip-link.tsx";

const MobileNav = lazy(() => import("./mobile-nav.tsx"));

const SECTIONS: { label: string; prefix: string }[] = [
  { label: "Solutions", prefix: "/solutions/" },
  { label: "Product", prefix: "/product/" },
  { label: "Resources", prefix: "/resources/" },
  { label: "Partners", prefix: "/partners/" },
  { label: "Company", prefix: "/company/" },
];

const MAIN_NAV = [
  { to: "/product/overview", label: "Product" },
  { to: "/solutions/solo-tutors", label: "Solo tutors" },
  { to: "/solutions/tutoring-companies", label: "Companies" },
  { to: "/product/pricing", label: "Pricing" },
  { to: "/resources/blog", label: "Blog" },
];

/** The public layout: header with navigation, the page, and a footer with every public link. */
export default function PublicLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  return (
    <>
      <SkipLink />
      <Box component="header" py="sm" style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}>
        <Container size="lg">
          <Group justify="space-between" wrap="nowrap">
            <Brand />
            <Group component="nav" aria-label="Main" gap="lg" visibleFrom="md">
              {MAIN_NAV.map((item) => (
                <Anchor key={item.to} component={NavLink} to={item.to} c="var(--mantine-color-text)" fw={500}>
                  {item.label}
                </Anchor>
              ))}
            </Group>
            <Group gap="xs" visibleFrom="sm">
              <AccountActions />
            </Group>
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" aria-label="Open navigation" />
          </Group>
        </Container>
      </Box>
      {opened ? (
        <Suspense fallback={null}>
          <MobileNav key={location.pathname} items={MAIN_NAV} onClose={close} />
        </Suspense>
      ) : null}
      <Box component="main" id="main" tabIndex={-1} py="xl" mih="70vh">
        <Outlet />
      </Box>
      <Box component="footer" py="xl" bg="var(--mantine-color-default-hover)">
        <Container size="lg">
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="lg">
            {SECTIONS.map((section) => (
              <Stack key={section.prefix} gap={6} component="nav" aria-label={section.label}>
                <Title order={2} size="sm">
                  {section.label}
                </Title>
                {PUBLIC_ROUTES.filter((route) => route.path.startsWith(section.prefix)).map((route) => (
                  <Anchor key={route.path} component={Link} to={route.path} size="sm" c="dimmed">
                    {route.title}
                  </Anchor>
                ))}
              </Stack>
            ))}
          </SimpleGrid>
          <Text size="sm" c="dimmed" mt="xl">
            Glassroom 1.0.0 · open tutoring operating system ·{" "}
            <Anchor component={Link} to="/login" size="sm" underline="always">
              Sign in
            </Anchor>{" "}
            ·{" "}
            <Anchor component={Link} to="/signup" size="sm" underline="always">
              Create account
            </Anchor>
          </Text>
        </Container>
      </Box>
    </>
  );
}

/** Sign in and sign up for visitors; the way to their dashboard for signed-in members. */
function AccountActions() {
  // The light read of the session: the content pages load no query library (issue 3).
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
