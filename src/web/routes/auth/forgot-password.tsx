import { Alert, Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { MESSAGES } from "../../../shared/messages.ts";
import { AuthCard } from "../../features/auth/auth-card.tsx";
import { emailFormChecks } from "../../features/auth/form-checks.ts";
import { requestPasswordReset } from "../../features/auth/requests.ts";
import { asApiError, type ApiError } from "../../lib/api-client.ts";
import { useAccountForm } from "../../lib/forms.ts";
import { publicMetaFor } from "../../lib/public-meta.ts";

export const meta = () => publicMetaFor("/forgot-password");

/** Only these stop the confirmation: anything else answers the same, account or not. */
const showsError = (error: ApiError) => error.status === 429 || error.retryable;

export default function ForgotPassword() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const form = useAccountForm({ fields: ["email"], validate: emailFormChecks.validate });

  const submit = form.onSubmit(async (values) => {
    const { email } = emailFormChecks.values(values);
    setError(null);
    const refused = await requestPasswordReset(email).then(
      () => null,
      (failure: unknown) => asApiError(failure),
    );
    if (refused && showsError(refused)) setError(refused);
    else setSentTo(email);
  });

  if (sentTo) {
    return (
      <AuthCard title="Check your email" announce>
        <Stack gap="sm" role="status">
          <Text>{MESSAGES.forgotPasswordSent}</Text>
          <Text size="sm">
            We used <strong>{sentTo}</strong>. The link is valid for one hour.
          </Text>
          <Anchor component="button" type="button" ta="left" onClick={() => setSentTo(null)}>
            Use a different email
          </Anchor>
          <Anchor component={Link} to="/login">
            Back to sign in
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset your password" description="Enter the email address of your account and we will send you a link to choose a new password.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error ? (
            <Alert color="red" role="alert" title="Could not send the link">
              {error.message}
            </Alert>
          ) : null}
          <TextInput label="Email" type="email" autoComplete="email" required {...form.field("email")} />
          <Button type="submit" loading={form.submitting} fullWidth>
            Send reset link
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Back to sign in
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
