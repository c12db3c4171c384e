import { Button, Center, Code, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useLocation, useNavigate } from "react-router";
import { MESSAGES } from "../../shared/messages.ts";
import { isMemberRole } from "../../shared/roles.ts";
import { useViewer } from "../features/session/viewer.ts";
import { CONTENT_PAGE_HANDLE } from "../lib/content-page.ts";
import { metaFor } from "../lib/meta.ts";

/** Pre-rendered for visitors as a content page (NOT_FOUND_SHELL_PATH): it needs no framework. */
export const handle = CONTENT_PAGE_HANDLE;

export const meta = () => metaFor("/404-not-a-page");

/**
 * The 404 screen: the requested path, the way to the role's dashboard (or Home), Go Back. The
 * viewer is the light read of the session (no query library), as on the other public pages.
 * Go Back's data attribute is for the content pages' plain script (content-page-script.js).
 */
export default function NotFound() {
  const location = useLocation();
  const navigate = useNavigate();
  const me = useViewer();
  const role = me?.role;
  const home = role && isMemberRole(role) ? { to: `/${role}/dashboard`, label: "Go to Dashboard" } : { to: "/", label: "Home" };
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" maw={560} ta="center" gap="md">
        <Text fw={800} fz={64} c="dimmed" aria-hidden="true">
          404
        </Text>
        <Title order={1}>Page Not Found</Title>
        <Text>
          The page <Code>{location.pathname}</Code> does not exist.
        </Text>
        <Group justify="center">
          <Button component={Link} to={home.to}>
            {home.label}
          </Button>
          <Button variant="default" onClick={() => void navigate(-1)} data-go-back>
            Go Back
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {MESSAGES.notFoundSupport}
        </Text>
      </Stack>
    </Center>
  );
}
