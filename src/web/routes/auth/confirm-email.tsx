import { Alert, Button } from "@mantine/core";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { AuthCard } from "../../features/auth/auth-card.tsx";
import {
  AskedToJoin,
  AwaitingLink,
  Confirmed,
  FinishSetup,
  InvalidLink,
  SignedIn,
} from "../../features/auth/confirmation-screens.tsx";
import { confirmationStateOf } from "../../features/auth/confirmation-state.ts";
import { PageLoading } from "../../features/auth/page-loading.tsx";
import { meQuery, useMe } from "../../features/session/api.ts";
import { publicMetaFor } from "../../lib/public-meta.ts";
import { queryClient } from "../../lib/query-client.ts";

export const meta = () => publicMetaFor("/confirm-email");

/**
 * Read in the browser: the query string (the page is pre-rendered without it) and the
 * session (a Google sign-in returns here signed in). A failure to read the session is shown
 * by the screen, not thrown.
 */
export async function clientLoader() {
  await queryClient.ensureQueryData(meQuery).catch(() => null);
  return null;
}

export function HydrateFallback() {
  return <PageLoading label="Loading…" />;
}

export default function ConfirmEmail() {
  const [params] = useSearchParams();
  const me = useMe();
  const [askedToJoin, setAskedToJoin] = useState(false);

  if (askedToJoin) return <AskedToJoin />;
  const state = confirmationStateOf(params, me.data ?? null);
  const needsSession = state.kind === "awaiting-link";
  if (needsSession && me.isPending) return <PageLoading label="Loading…" />;
  if (needsSession && me.isError) {
    return (
      <AuthCard title="Email confirmation">
        <Alert color="red" role="alert" title="Could not check your sign-in">
          {me.error.message}{" "}
          <Button size="compact-sm" variant="light" color="red" ml="sm" onClick={() => void me.refetch()}>
            Retry
          </Button>
        </Alert>
      </AuthCard>
    );
  }

  switch (state.kind) {
    case "invalid-link":
      return <InvalidLink />;
    case "confirmed":
      return <Confirmed next={state.next} dashboard={state.dashboard} />;
    case "signed-in":
      return <SignedIn dashboard={state.dashboard} email={state.email} />;
    case "finish-setup":
      return <FinishSetup email={state.email} onAskedToJoin={() => setAskedToJoin(true)} />;
    case "awaiting-link":
      return <AwaitingLink />;
  }
}
