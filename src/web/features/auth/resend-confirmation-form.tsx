import { Alert, Button, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { z } from "zod";
import { emailField } from "../../../shared/schemas/fields.ts";
import type { ApiError } from "../../lib/api-client.ts";
import { authClient } from "../../lib/auth-client.ts";
import { zodFormValidator } from "../../lib/forms.ts";
import { authCall } from "./auth-call.ts";
import { focusFirstError } from "./form-errors.ts";

const schema = z.object({ email: emailField });

/**
 * Mails a new confirmation link. The server answers the same whether or not an unconfirmed
 * account exists, and so does this form. A resent link cannot know whether the account
 * started a workspace or asked to join one: it lands on /confirm-email?next=signin.
 */
export function ResendConfirmationForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({ mode: "uncontrolled", initialValues: { email: "" }, validate: zodFormValidator(schema) });

  const submit = form.onSubmit(
    async (values) => {
      const { email } = schema.parse(values);
      setSubmitting(true);
      setError(null);
      setSentTo(null);
      const { error: refused } = await authCall(() => authClient.sendVerificationEmail({ email, callbackURL: "/confirm-email?next=signin" }));
      setSubmitting(false);
      if (refused) setError(refused);
      else setSentTo(email);
    },
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {error ? (
          <Alert color="red" role="alert" title="Could not send a new link">
            {error.message}
          </Alert>
        ) : null}
        {sentTo ? (
          <Alert variant="outline" color="gray" role="status" title="Check your email">
            If an account with an unconfirmed address exists for {sentTo}, we have sent it a new confirmation link. The link is valid for 24 hours.
          </Alert>
        ) : null}
        <TextInput label="Email" type="email" autoComplete="email" required key={form.key("email")} {...form.getInputProps("email")} />
        <Button type="submit" loading={submitting} fullWidth>
          Send a new link
        </Button>
      </Stack>
    </form>
  );
}
