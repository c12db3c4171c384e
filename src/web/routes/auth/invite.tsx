import { Alert, Button } from "@mantine/core";
import { startTransition, useState } from "react";
import { useLoaderData, useLocation, useRevalidator, type ClientLoaderFunctionArgs } from "react-router";
import { MESSAGES } from "../../../shared/messages.ts";
import { INVITATION_TOKEN_PATTERN } from "../../../shared/schemas/invitation-token.ts";
import type { InvitationPreview } from "../../../shared/schemas/members.ts";
import type { MeResponse } from "../../../shared/schemas/me.ts";
import { AuthCard } from "../../features/auth/auth-card.tsx";
import { PageLoading } from "../../features/auth/page-loading.tsx";
import {
  AcceptInvitation,
  AccountReadyToJoin,
  ClosedInvitation,
  InvalidInvitation,
  SignInToAccept,
  SignUpToAccept,
  WrongAccount,
} from "../../features/invitations/invite-page/invite-screens.tsx";
import { readInvitationPreview } from "../../features/invitations/public-api.ts";
import { knownViewer, ME_STALE_TIME, readViewer } from "../../features/session/viewer.ts";
import { ApiError } from "../../lib/api-client.ts";
import { publicMetaFor } from "../../lib/public-meta.ts";

export const meta = () => publicMetaFor("/invite");

type Loaded = { kind: "invalid" } | { kind: "failed"; message: string } | { kind: "loaded"; token: string; preview: InvitationPreview; me: MeResponse | null };

/** The viewer, fresh from the public pages' session read; a failure to read it counts as signed out (as it did). */
async function viewer(): Promise<MeResponse | null> {
  const known = knownViewer();
  if (known && Date.now() - known.at <= ME_STALE_TIME) return known.me;
  return readViewer().catch(() => null);
}

/**
 * Read in the browser: the token (the page is pre-rendered without its query string), the
 * invitation and the session, together, through plain requests (this page does not load
 * TanStack Query).
 */
export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<Loaded> {
  const token = new URL(request.url).searchParams.get("token");
  if (!token || !INVITATION_TOKEN_PATTERN.test(token)) return { kind: "invalid" };
  const [preview, me] = await Promise.all([
    readInvitationPreview(token).then(
      (read) => ({ read }),
      (error: unknown) => ({ error }),
    ),
    viewer(),
  ]);
  if ("read" in preview) return { kind: "loaded", token, preview: preview.read, me };
  if (preview.error instanceof ApiError && preview.error.status === 404) return { kind: "invalid" };
  return { kind: "failed", message: preview.error instanceof Error ? preview.error.message : MESSAGES.unexpected };
}

export function HydrateFallback() {
  return <PageLoading label="Loading your invitation…" />;
}

/** The invitation page: what the invitation is, and the one next step for whoever opened it. */
export default function Invite() {
  const loaded = useLoaderData<typeof clientLoader>();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [signedUp, setSignedUp] = useState(false);

  if (loaded.kind === "invalid") return <InvalidInvitation />;
  if (loaded.kind === "failed") {
    return (
      <AuthCard title="Invitation">
        <Alert color="red" role="alert" title="Could not load your invitation">
          {loaded.message}{" "}
          <Button size="compact-sm" variant="light" color="red" ml="sm" loading={revalidator.state === "loading"} onClick={() => void revalidator.revalidate()}>
            Retry
          </Button>
        </Alert>
      </AuthCard>
    );
  }

  const { token, preview: invitation, me } = loaded;
  if (signedUp) {
    return <AccountReadyToJoin preview={invitation} />;
  }
  if (invitation.state !== "pending") return <ClosedInvitation preview={invitation} me={me} />;
  if (me) {
    return me.user.email.toLowerCase() === invitation.email.toLowerCase() ? (
      <AcceptInvitation token={token} preview={invitation} />
    ) : (
      <WrongAccount preview={invitation} me={me} onSignedOut={() => void revalidator.revalidate()} />
    );
  }
  const returnTo = location.pathname + location.search;
  return invitation.accountExists ? (
    <SignInToAccept preview={invitation} returnTo={returnTo} />
  ) : (
    <SignUpToAccept token={token} preview={invitation} onDone={() => startTransition(() => setSignedUp(true))} returnTo={returnTo} />
  );
}
