import "../../styles/mantine-areas.css";
import { Container, Stack, Text, Title } from "@mantine/core";
import { lazy, Suspense } from "react";
import { redirect, type ClientLoaderFunctionArgs } from "react-router";
import { AuthLoading } from "../../components/ui/auth-loading.tsx";
import { LoadingState } from "../../components/ui/query-state.tsx";
import { SkipLink } from "../../components/ui/skip-link.tsx";
import { guard } from "../../features/session/guards.ts";
import { metaFor } from "../../lib/meta.ts";
import { PlatformLinks } from "./platform-links.tsx";

export const meta = () => metaFor("/platform/system");

/** Signed in (else the sign-in page), and a devops account (else permission denied): the API checks the same. */
export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const me = await guard(request);
  if (!me.user.devops) {
    const url = new URL(request.url);
    throw redirect(
      `/permission-denied?${new URLSearchParams({ reason: "The platform system status is for devops (platform) accounts only.", from: url.pathname })}`,
    );
  }
  return null;
}

export function HydrateFallback() {
  return <AuthLoading />;
}

// Loaded once the page opens: the route manifest, which every page loads, names this module's few imports only.
const InstallStatus = lazy(() =>
  import("../../features/system-status/components/system-status-panel.tsx").then((module) => ({
    default: () => <module.SystemStatusPanel scope="install" />,
  })),
);

/** The platform's system status: the whole install's version, database, mail of every workspace, files and background jobs. */
export default function PlatformSystem() {
  return (
    <>
      <SkipLink />
      <Container size="xl" py="xl" component="main" id="main" tabIndex={-1}>
        <Stack gap="lg">
          <Stack gap={4}>
            <PlatformLinks current="/platform/system" />
            <Title order={1}>Platform status</Title>
            <Text c="dimmed">
              The whole install: the server's version, the database, the mail and stored files of every workspace, and the background jobs with their errors.
            </Text>
          </Stack>
          <Suspense fallback={<LoadingState label="the system status" />}>
            <InstallStatus />
          </Suspense>
        </Stack>
      </Container>
    </>
  );
}
