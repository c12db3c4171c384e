import { Alert, Button } from "@mantine/core";
import { useState } from "react";
import { useLoaderData, useRevalidator, useSearchParams, type ClientLoaderFunctionArgs } from "react-router";
import { MESSAGES } from "../../../shared/messages.ts";
import type { MeResponse } from "../../../shared/schemas/me.ts";
import { AuthCard } from "../../features/auth/auth-card.tsx";
import { AskedToJoin, AwaitingLink, Confirmed, FinishSetup, InvalidLink, loadFinishSetupForm, SignedIn } from "../../features/auth/confirmation-screens.tsx";
import { confirmationStateOf } from "../../features/auth/confirmation-state.ts";
import { PageLoading } from "../../features/auth/page-loading.tsx";
import { knownViewer, ME_STALE_TIME, readViewer } from "../../features/session/viewer.ts";
import { publicMetaFor } from "../../lib/public-meta.ts";

export const meta = () => publicMetaFor("/confirm-email");

/**
 * Read in the browser: the query string (the page is pre-rendered without it) and the
 * session (a Google sign-in returns here signed in), through the public pages' session read
 * (features/session/viewer.ts; this page does not load TanStack Query). A failure to read the
 * session is shown by the screen, not thrown. When the session needs the set-up form, its
 * chunk is loaded here too (a failure to load it is the route's error, as for any chunk).
 */
export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const known = knownViewer();
  let me: MeResponse | null;
  try {
    me = known && Date.now() - known.at <= ME_STALE_TIME ? known.me : await readViewer();
  } catch (error) {
    return { me: null, failure: error instanceof Error ? error.message : MESSAGES.unexpected, FinishSetupForm: null };
  }
  const needsSetup = confirmationStateOf(new URL(request.url).searchParams, me).kind === "finish-setup";
  return { me, failure: null, FinishSetupForm: needsSetup ? await loadFinishSetupForm() : null };
}

export function HydrateFallback() {
  return <PageLoading label="Loading…" />;
}

export default function ConfirmEmail() {
  const [params] = useSearchParams();
  const { me, failure, FinishSetupForm } = useLoaderData<typeof clientLoader>();
  const revalidator = useRevalidator();
  const [askedToJoin, setAskedToJoin] = useState(false);

  if (askedToJoin) return <AskedToJoin />;
  const state = confirmationStateOf(params, me);
  if (state.kind === "awaiting-link" && failure) {
    return (
      <AuthCard title="Email confirmation">
        <Alert color="red" role="alert" title="Could not check your sign-in">
          {failure}{" "}
          <Button size="compact-sm" variant="light" color="red" ml="sm" loading={revalidator.state === "loading"} onClick={() => void revalidator.revalidate()}>
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
      // The loader loaded the form for this state (the same URL and session).
      return FinishSetupForm ? (
        <FinishSetup email={state.email} onAskedToJoin={() => setAskedToJoin(true)} Form={FinishSetupForm} />
      ) : (
        <PageLoading label="Loading…" />
      );
    case "awaiting-link":
      return <AwaitingLink />;
  }
}
