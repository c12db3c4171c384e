import { Alert, Button, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router";
import { dashboardPathOf, type MemberRole } from "../../../../shared/roles.ts";
import type { ApiError } from "../../../lib/api-client.ts";
import { useAccountForm } from "../../../lib/forms.ts";
import { invitationSignupChecks } from "../../auth/form-checks.ts";
import { showServerErrors } from "../../auth/form-errors.ts";
import { NewPasswordInput } from "../../auth/password-hint.tsx";
import { signInWithPassword } from "../../auth/requests.ts";
import { refreshViewer } from "../../session/viewer.ts";
import { invitationSignup } from "../public-api.ts";

const FIELDS = ["fullName", "password"] as const;

/**
 * Sign-up from an invitation: the email is the invited one and cannot change; name and password
 * are chosen. The invitation link proved the address, so the new account signs in at once and
 * goes to its dashboard; `onDone` (a screen to sign in from) only if that sign-in failed.
 */
export function InvitationSignupForm({ token, email, role, onDone }: { token: string; email: string; role: MemberRole; onDone: () => void }) {
  const navigate = useNavigate();
  const [error, setError] = useState<ApiError | null>(null);
  const form = useAccountForm({ fields: FIELDS, validate: invitationSignupChecks.validate });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const input = invitationSignupChecks.values(values);
      await invitationSignup({ ...input, email, invitationToken: token });
      const signedIn = await signInWithPassword({ email, password: input.password }).then(
        () => true,
        () => false,
      );
      if (!signedIn) {
        onDone();
        return;
      }
      const me = await refreshViewer().catch(() => null);
      void navigate(dashboardPathOf(me?.role ?? role), { replace: true });
    } catch (failure) {
      setError(showServerErrors(form, failure, FIELDS));
    }
  });

  return (
    <form method="post" onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label="Email" type="email" value={email} readOnly description="The invitation is for this address." />
        <TextInput label="Full name" autoComplete="name" required {...form.field("fullName")} />
        <NewPasswordInput label="Password" {...form.field("password")} />
        {error ? (
          <Alert color="red" role="alert" title="Could not create your account">
            {error.message}
          </Alert>
        ) : null}
        <Button type="submit" loading={form.submitting} fullWidth>
          Create account and join
        </Button>
      </Stack>
    </form>
  );
}
