import { Alert, Anchor, Button, Divider, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { dashboardPathOf, isMemberRole, ROLE_LABELS } from "../../../../shared/roles.ts";
import type { InvitationPreview } from "../../../../shared/schemas/members.ts";
import type { MeResponse } from "../../../../shared/schemas/me.ts";
import type { ApiError } from "../../../lib/api-client.ts";
import { loadedQueryClient } from "../../../lib/query-provider.ts";
import { AuthCard } from "../../auth/auth-card.tsx";
import { signOutHere } from "../../auth/requests.ts";
import { refreshViewer, setKnownViewer } from "../../session/viewer.ts";
import { acceptInvitation } from "../public-api.ts";
import { InvitationSignupForm } from "./invitation-signup-form.tsx";
import { InvitationSummary } from "./invitation-summary.tsx";

/** The screens of /invite?token=…, one per state of the invitation and of the visitor. */

export function InvalidInvitation() {
  return (
    <AuthCard title="This invitation link is not valid">
      <Stack gap="md">
        <Text>
          We could not find an invitation for this link. Check that you opened the whole link from the email, or ask the person who invited you to send it
          again.
        </Text>
        <Anchor component={Link} to="/login">
          Go to sign in
        </Anchor>
      </Stack>
    </AuthCard>
  );
}

const CLOSED: Record<Exclude<InvitationPreview["state"], "pending">, { title: string; text: string }> = {
  expired: { title: "This invitation has expired", text: "Invitations work for 7 days. Ask the person who invited you to resend it: you will get a new link." },
  revoked: { title: "This invitation was withdrawn", text: "The workspace withdrew this invitation. Ask them if you think this is a mistake." },
  accepted: {
    title: "This invitation was already accepted",
    text: "It has been used to join the workspace. Sign in with the invited email address to continue.",
  },
};

export function ClosedInvitation({ preview, me }: { preview: InvitationPreview; me: MeResponse | null }) {
  const closed = CLOSED[preview.state as keyof typeof CLOSED];
  const dashboard = me && isMemberRole(me.role) ? dashboardPathOf(me.role) : null;
  return (
    <AuthCard title={closed.title}>
      <Stack gap="md">
        <InvitationSummary preview={preview} />
        <Text>{closed.text}</Text>
        {preview.state === "accepted" ? (
          dashboard ? (
            <Button component={Link} to={dashboard}>
              Go to your dashboard
            </Button>
          ) : (
            <Button component={Link} to="/login">
              Sign in
            </Button>
          )
        ) : null}
      </Stack>
    </AuthCard>
  );
}

/** Signed in with the invited email: one button. */
export function AcceptInvitation({ token, preview }: { token: string; preview: InvitationPreview }) {
  const navigate = useNavigate();
  const [accepting, setAccepting] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const role = ROLE_LABELS[preview.role].toLowerCase();

  const onAccept = async () => {
    setAccepting(true);
    setError(null);
    try {
      const result = await acceptInvitation(token);
      // The session now has the workspace: read again for the dashboard (features/session/viewer.ts).
      const me = await refreshViewer().catch(() => null);
      void navigate(dashboardPathOf(me?.role ?? result.role), { replace: true });
    } catch (failure) {
      setError(failure as ApiError);
      setAccepting(false);
    }
  };

  return (
    <AuthCard title={`Join ${preview.workspaceName}`}>
      <Stack gap="md">
        <InvitationSummary preview={preview} />
        <Text size="sm">
          You are signed in as {preview.email}. Accept to join the workspace and go to your {role} dashboard.
        </Text>
        {error ? (
          <Alert color="red" role="alert" title="Could not accept the invitation">
            {error.message}
          </Alert>
        ) : null}
        <Button onClick={() => void onAccept()} loading={accepting} fullWidth>
          Accept invitation
        </Button>
      </Stack>
    </AuthCard>
  );
}

/** Signed in as someone else: say so, and offer to sign out (`onSignedOut` then shows the page to a visitor). */
export function WrongAccount({ preview, me, onSignedOut }: { preview: InvitationPreview; me: MeResponse; onSignedOut: () => void }) {
  const [signingOut, setSigningOut] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const onSignOut = async () => {
    setSigningOut(true);
    setError(null);
    try {
      await signOutHere();
      loadedQueryClient()?.clear();
      setKnownViewer(null);
      onSignedOut();
    } catch (failure) {
      setError(failure as ApiError);
      setSigningOut(false);
    }
  };
  return (
    <AuthCard title="This invitation is for another account">
      <Stack gap="md">
        <InvitationSummary preview={preview} />
        <Alert color="yellow" title="You are signed in as someone else">
          You are signed in as <strong>{me.user.email}</strong>, but this invitation is for <strong>{preview.email}</strong>. Sign out, then sign in or create
          an account with {preview.email}.
        </Alert>
        {error ? (
          <Alert color="red" role="alert" title="Could not sign out">
            {error.message}
          </Alert>
        ) : null}
        <Button onClick={() => void onSignOut()} loading={signingOut} fullWidth>
          Sign out
        </Button>
      </Stack>
    </AuthCard>
  );
}

/** Not signed in, and an account with the invited email exists: sign in, then come back here to accept. */
export function SignInToAccept({ preview, returnTo }: { preview: InvitationPreview; returnTo: string }) {
  const login = `/login?${new URLSearchParams({ reason: `Sign in as ${preview.email} to accept your invitation to ${preview.workspaceName}.`, redirectTo: returnTo })}`;
  return (
    <AuthCard title={`Join ${preview.workspaceName}`}>
      <Stack gap="md">
        <InvitationSummary preview={preview} />
        <Text size="sm">You already have a Glassroom account with this email address. Sign in, and you come back here to accept.</Text>
        <Button component={Link} to={login} fullWidth>
          Sign in to accept
        </Button>
      </Stack>
    </AuthCard>
  );
}

/** No account yet: sign up with the invited email. */
export function SignUpToAccept({ token, preview, onDone, returnTo }: { token: string; preview: InvitationPreview; onDone: () => void; returnTo: string }) {
  return (
    <AuthCard title={`Join ${preview.workspaceName}`} description="Create your Glassroom account to accept.">
      <Stack gap="md">
        <InvitationSummary preview={preview} />
        <Divider />
        <InvitationSignupForm token={token} email={preview.email} role={preview.role} onDone={onDone} />
        <Text size="sm" ta="center">
          Already have an account?{" "}
          <Anchor underline="always" component={Link} to={`/login?${new URLSearchParams({ redirectTo: returnTo })}`}>
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}

/** After signing up, when signing in at once did not work: the account is ready, sign in from here. */
export function AccountReadyToJoin({ preview }: { preview: InvitationPreview }) {
  const role = ROLE_LABELS[preview.role].toLowerCase();
  return (
    <AuthCard title="Your account is ready">
      <Stack gap="md">
        <Text>
          You are in {preview.workspaceName} as {/^[aeiou]/.test(role) ? "an" : "a"} {role}, with nothing more to wait for: your invitation confirmed{" "}
          {preview.email}. Sign in to continue.
        </Text>
        <Button component={Link} to="/login" fullWidth>
          Sign in
        </Button>
      </Stack>
    </AuthCard>
  );
}
