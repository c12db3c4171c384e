import { Button, Center, Code, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useLocation, useNavigate } from "react-router";
import { MESSAGES } from "../../shared/messages.ts";
import { isMemberRole } from "../../shared/roles.ts";
import { useMe } from "../features/session/api.ts";
import { metaFor } from "../lib/meta.ts";

export const meta = () => metaFor("/404-not-a-page");

/** The 404 screen: the requested path, the way to the role's dashboard (or Home), Go Back. */
export default function NotFound() {
  const location = useLocation();
  const navigate = useNavigate();
  const { data: me } = useMe();
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
          <Button variant="default" onClick={() => void navigate(-1)}>
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
