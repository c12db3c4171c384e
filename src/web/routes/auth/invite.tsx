import { Alert, Button } from "@mantine/core";
import { useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { invitationTokenField } from "../../../shared/schemas/members.ts";
import { AuthCard } from "../../features/auth/auth-card.tsx";
import { PageLoading } from "../../features/auth/page-loading.tsx";
import {
  AcceptInvitation,
  CheckEmailToJoin,
  ClosedInvitation,
  InvalidInvitation,
  SignInToAccept,
  SignUpToAccept,
  WrongAccount,
} from "../../features/invitations/invite-page/invite-screens.tsx";
import { useInvitationPreview } from "../../features/invitations/public-api.ts";
import { meQuery, useMe } from "../../features/session/api.ts";
import { ApiError } from "../../lib/api-client.ts";
import { publicMetaFor } from "../../lib/public-meta.ts";
import { queryClient } from "../../lib/query-client.ts";

export const meta = () => publicMetaFor("/invite");

/** Read in the browser: the token (the page is pre-rendered without its query string) and the session. */
export async function clientLoader() {
  await queryClient.ensureQueryData(meQuery).catch(() => null);
  return null;
}

export function HydrateFallback() {
  return <PageLoading label="Loading your invitation…" />;
}

/** The invitation page: what the invitation is, and the one next step for whoever opened it. */
export default function Invite() {
  const [params] = useSearchParams();
  const location = useLocation();
  const raw = params.get("token");
  const token = raw && invitationTokenField.safeParse(raw).success ? raw : null;
  const preview = useInvitationPreview(token);
  const me = useMe();
  const [signedUp, setSignedUp] = useState(false);

  if (!token) return <InvalidInvitation />;
  if (preview.isPending || me.isPending) return <PageLoading label="Loading your invitation…" />;
  if (preview.isError) {
    if (preview.error instanceof ApiError && preview.error.status === 404) return <InvalidInvitation />;
    return (
      <AuthCard title="Invitation">
        <Alert color="red" role="alert" title="Could not load your invitation">
          {preview.error.message}{" "}
          <Button size="compact-sm" variant="light" color="red" ml="sm" onClick={() => void preview.refetch()}>
            Retry
          </Button>
        </Alert>
      </AuthCard>
    );
  }

  const invitation = preview.data;
  const viewer = me.data ?? null;
  if (signedUp) return <CheckEmailToJoin preview={invitation} />;
  if (invitation.state !== "pending") return <ClosedInvitation preview={invitation} me={viewer} />;
  if (viewer) {
    return viewer.user.email.toLowerCase() === invitation.email.toLowerCase() ? (
      <AcceptInvitation token={token} preview={invitation} />
    ) : (
      <WrongAccount preview={invitation} me={viewer} />
    );
  }
  const returnTo = location.pathname + location.search;
  return invitation.accountExists ? (
    <SignInToAccept preview={invitation} returnTo={returnTo} />
  ) : (
    <SignUpToAccept token={token} preview={invitation} onDone={() => setSignedUp(true)} returnTo={returnTo} />
  );
}
