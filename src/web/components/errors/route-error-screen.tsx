import { Button, Center, Group, Stack, Text, Title } from "@mantine/core";
import { isRouteErrorResponse, Link, useRevalidator } from "react-router";
import { MESSAGES } from "../../../shared/messages.ts";
import { ApiError } from "../../lib/api-client.ts";

/**
 * The route error screen. Connection problems show the error catalogue's message with
 * Retry (or, for an expired session, the way back to sign in); anything else shows the
 * familiar 'Something went wrong' with Reload Page.
 */
export function RouteErrorScreen({ error }: { error: unknown }) {
  const revalidator = useRevalidator();
  if (error instanceof ApiError && error.retryable) {
    return (
      <ErrorFrame title={error.message} body="Glassroom could not reach what it needs to show this page.">
        <Button onClick={() => void revalidator.revalidate()} loading={revalidator.state === "loading"}>
          Retry
        </Button>
      </ErrorFrame>
    );
  }
  if (error instanceof ApiError && error.status === 401) {
    return (
      <ErrorFrame title={MESSAGES.sessionExpired} body="For your security, sessions end after a while or when you sign out elsewhere.">
        <Button component={Link} to="/login">
          Sign in
        </Button>
      </ErrorFrame>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorFrame title="Page Not Found" body={MESSAGES.notFoundSupport}>
        <Button component={Link} to="/">
          Home
        </Button>
      </ErrorFrame>
    );
  }
  return (
    <ErrorFrame title={MESSAGES.routeErrorTitle} body={MESSAGES.routeErrorBody}>
      <Button onClick={() => window.location.reload()}>Reload Page</Button>
    </ErrorFrame>
  );
}

function ErrorFrame({ title, body, children }: { title: string; body: string; children: React.ReactNode }) {
  return (
    <Center mih="100vh" p="md" component="main">
      <title>{`${title} · Glassroom`}</title>
      <Stack align="center" maw={520} ta="center" gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{body}</Text>
        <Group justify="center">{children}</Group>
      </Stack>
    </Center>
  );
}
