import { Alert, Button, Center, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useNavigate, useSearchParams } from "react-router";
import { isMemberRole } from "../../shared/roles.ts";
import { useViewer } from "../features/session/viewer.ts";
import { publicMetaFor } from "../lib/public-meta.ts";

export const meta = () => publicMetaFor("/permission-denied");

/** Permission denied, shown without a layout, with the guard's reason. */
export default function PermissionDenied() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const me = useViewer();
  const reason = params.get("reason");
  const role = me?.role;
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" maw={560} ta="center" gap="md">
        <Title order={1}>Permission denied</Title>
        <Text>You do not have access to this page.</Text>
        {reason ? (
          <Alert color="orange" title="Reason" w="100%" ta="left">
            {reason}
          </Alert>
        ) : null}
        <Group justify="center">
          {role && isMemberRole(role) ? (
            <Button component={Link} to={`/${role}/dashboard`}>
              Go to Dashboard
            </Button>
          ) : (
            <Button component={Link} to="/">
              Home
            </Button>
          )}
          <Button variant="default" onClick={() => void navigate(-1)}>
            Go Back
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
