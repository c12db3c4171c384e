import { Alert, Button, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import type { ApiError } from "../../lib/api-client.ts";
import { deferredZodValidator } from "../../lib/forms.ts";
import { authCall } from "./auth-call.ts";
import { focusFirstError } from "./form-errors.ts";

const resendForm = deferredZodValidator(() => import("./form-schemas.ts").then((module) => module.emailFormSchema));

/**
 * Mails a new confirmation link. The server answers the same whether or not an unconfirmed
 * account exists, and so does this form. A resent link cannot know whether the account
 * started a workspace or asked to join one: it lands on /confirm-email?next=signin.
 */
export function ResendConfirmationForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({ mode: "uncontrolled", initialValues: { email: "" }, validate: resendForm.validate });

  const submit = form.onSubmit(
    async (values) => {
      const invalid = await resendForm.check(values);
      if (Object.keys(invalid).length > 0) {
        form.setErrors(invalid);
        focusFirstError(form, invalid);
        return;
      }
      const email = await resendForm.parse(values).then(
        (parsed) => parsed.email,
        () => values.email.trim(),
      );
      setSubmitting(true);
      setError(null);
      setSentTo(null);
      const { error: refused } = await authCall((authClient) => authClient.sendVerificationEmail({ email, callbackURL: "/confirm-email?next=signin" }));
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
