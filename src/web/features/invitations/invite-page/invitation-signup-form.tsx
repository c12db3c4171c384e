import { Alert, Button, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { z } from "zod";
import { fullNameField, passwordField } from "../../../../shared/schemas/fields.ts";
import type { ApiError } from "../../../lib/api-client.ts";
import { zodFormValidator } from "../../../lib/forms.ts";
import { focusFirstError, showServerErrors } from "../../auth/form-errors.ts";
import { NewPasswordInput } from "../../auth/password-hint.tsx";
import { useInvitationSignup } from "../public-api.ts";

const schema = z.object({ fullName: fullNameField, password: passwordField });
const FIELDS = ["fullName", "password"] as const;

/** Sign-up from an invitation: the email is the invited one and cannot change; name and password are chosen. */
export function InvitationSignupForm({ token, email, onDone }: { token: string; email: string; onDone: () => void }) {
  const signUp = useInvitationSignup();
  const [error, setError] = useState<ApiError | null>(null);
  const form = useForm({ mode: "controlled", initialValues: { fullName: "", password: "" }, validate: zodFormValidator(schema) });

  const submit = form.onSubmit(
    async (values) => {
      setError(null);
      const input = schema.parse(values);
      try {
        await signUp.mutateAsync({ ...input, email, invitationToken: token });
        onDone();
      } catch (failure) {
        setError(showServerErrors(form, failure, FIELDS));
      }
    },
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label="Email" type="email" value={email} readOnly description="The invitation is for this address." />
        <TextInput label="Full name" autoComplete="name" required {...form.getInputProps("fullName")} />
        <NewPasswordInput label="Password" {...form.getInputProps("password")} />
        {error ? (
          <Alert color="red" role="alert" title="Could not create your account">
            {error.message}
          </Alert>
        ) : null}
        <Button type="submit" loading={signUp.isPending} fullWidth>
          Create account and join
        </Button>
      </Stack>
    </form>
  );
}
