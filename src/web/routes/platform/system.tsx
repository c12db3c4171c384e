import "../../styles/mantine-areas.css";
import { lazy, Suspense } from "react";
import type { ClientLoaderFunctionArgs } from "react-router";
import { AuthLoading } from "../../components/ui/auth-loading.tsx";
import { LoadingState } from "../../components/ui/query-state.tsx";
import { metaFor } from "../../lib/meta.ts";
import { PlatformPage, requireDevops } from "./platform-page.tsx";

export const meta = () => metaFor("/platform/system");

export function clientLoader({ request }: ClientLoaderFunctionArgs) {
  return requireDevops(request, "The platform system status");
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
    <PlatformPage
      current="/platform/system"
      title="Platform status"
      description="The whole install: the server's version, the database, the mail and stored files of every workspace, and the background jobs with their errors."
      size="xl"
    >
      <Suspense fallback={<LoadingState label="the system status" />}>
        <InstallStatus />
      </Suspense>
    </PlatformPage>
  );
}
