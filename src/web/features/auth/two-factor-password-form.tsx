import { Alert, Button, PasswordInput, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { z } from "zod";
import { currentPasswordField } from "../../../shared/schemas/fields.ts";
import { ApiError, asApiError } from "../../lib/api-client.ts";
import { zodFormValidator } from "../../lib/zod-forms.ts";
import { focusFirstError } from "./form-errors.ts";
import { enableTwoFactor } from "./requests.ts";

export interface TwoFactorEnrolment {
  totpURI: string;
  backupCodes: string[];
}

const schema = z.object({ password: currentPasswordField });

/** Step 1 of /setup-2fa: the password, which starts the enrolment (not yet turned on). */
export function TwoFactorPasswordForm({ onEnrolled }: { onEnrolled: (enrolment: TwoFactorEnrolment) => void }) {
  const [error, setError] = useState<ApiError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({ mode: "uncontrolled", initialValues: { password: "" }, validate: zodFormValidator(schema) });

  const submit = form.onSubmit(
    async ({ password }) => {
      setSubmitting(true);
      setError(null);
      const answer = await enableTwoFactor(password).catch((failure: unknown) => asApiError(failure));
      setSubmitting(false);
      if (!(answer instanceof ApiError)) return onEnrolled({ totpURI: answer.totpURI, backupCodes: answer.backupCodes });
      if (answer.code === "INVALID_PASSWORD") {
        form.setFieldError("password", "Password is incorrect.");
        form.getInputNode("password")?.focus();
        return;
      }
      setError(answer);
    },
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form method="post" onSubmit={submit} noValidate>
      <Stack gap="md">
        {error ? (
          <Alert color="red" role="alert" title="Could not start the set-up">
            {error.message}
          </Alert>
        ) : null}
        <PasswordInput
          label="Password"
          description="Your Glassroom password, to confirm it is you."
          autoComplete="current-password"
          required
          key={form.key("password")}
          {...form.getInputProps("password")}
        />
        <Button type="submit" loading={submitting} fullWidth>
          Continue
        </Button>
      </Stack>
    </form>
  );
}
