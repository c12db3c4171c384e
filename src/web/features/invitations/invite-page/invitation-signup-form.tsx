import { Alert, Button, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router";
import { dashboardPathOf, type MemberRole } from "../../../../shared/roles.ts";
import type { ApiError } from "../../../lib/api-client.ts";
import { deferredZodValidator, useAccountForm } from "../../../lib/forms.ts";
import { showServerErrors } from "../../auth/form-errors.ts";
import { NewPasswordInput } from "../../auth/password-hint.tsx";
import { invitationSignup, signInHere } from "../public-api.ts";

const FIELDS = ["fullName", "password"] as const;
const signupForm = deferredZodValidator(() => import("../../auth/form-schemas.ts").then((module) => module.invitationSignupSchema));

/**
 * Sign-up from an invitation: the email is the invited one and cannot change; name and password
 * are chosen. The invitation link proved the address, so the new account signs in at once and
 * goes to its dashboard; `onDone` (a screen to sign in from) only if that sign-in failed.
 */
export function InvitationSignupForm({ token, email, role, onDone }: { token: string; email: string; role: MemberRole; onDone: () => void }) {
  const navigate = useNavigate();
  const [error, setError] = useState<ApiError | null>(null);
  const form = useAccountForm({ fields: FIELDS, validate: signupForm.check });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      // Without zod (it could not load), the values go as typed: the API checks the same rules and names each field.
      const input = await signupForm.parse(values).catch(() => values);
      await invitationSignup({ ...input, email, invitationToken: token });
      const signedIn = await signInHere(email, input.password).then(
        () => true,
        () => false,
      );
      if (!signedIn) {
        onDone();
        return;
      }
      const { refreshMe } = await import("../../session/api-lazy.ts");
      const me = await refreshMe().catch(() => null);
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
