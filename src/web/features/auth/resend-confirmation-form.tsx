import { Alert, Button, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { asApiError, type ApiError } from "../../lib/api-client.ts";
import { useAccountForm } from "../../lib/forms.ts";
import { emailFormChecks } from "./form-checks.ts";
import { sendConfirmationEmail } from "./requests.ts";

/**
 * Mails a new confirmation link. The server answers the same whether or not an unconfirmed
 * account exists, and so does this form. A resent link cannot know whether the account
 * started a workspace or asked to join one: it lands on /confirm-email?next=signin.
 */
export function ResendConfirmationForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const form = useAccountForm({ fields: ["email"], validate: emailFormChecks.validate });

  const submit = form.onSubmit(async (values) => {
    const { email } = emailFormChecks.values(values);
    setError(null);
    setSentTo(null);
    try {
      await sendConfirmationEmail(email);
      setSentTo(email);
    } catch (failure) {
      setError(asApiError(failure));
    }
  });

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
        <TextInput label="Email" type="email" autoComplete="email" required {...form.field("email")} />
        <Button type="submit" loading={form.submitting} fullWidth>
          Send a new link
        </Button>
      </Stack>
    </form>
  );
}
