import { Alert, Button, PasswordInput, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { z } from "zod";
import { passwordField } from "../../../shared/schemas/fields.ts";
import type { ApiError } from "../../lib/api-client.ts";
import { zodFormValidator } from "../../lib/forms.ts";
import { authCall } from "./auth-call.ts";
import { focusFirstError } from "./form-errors.ts";
import { NewPasswordInput } from "./password-hint.tsx";

const schema = z
  .object({ newPassword: passwordField, confirmPassword: z.string() })
  .refine((values) => values.confirmPassword.length > 0, { path: ["confirmPassword"], message: "Confirm your new password." })
  .refine((values) => values.confirmPassword.length === 0 || values.newPassword === values.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two passwords do not match.",
  });

/** Server refusals that are about the new password itself. */
const PASSWORD_CODES = new Set(["PASSWORD_TOO_COMMON", "PASSWORD_TOO_SHORT", "PASSWORD_TOO_LONG"]);

/** New password twice, then Better Auth's reset with the mailed token. */
export function ResetPasswordForm({ token, onDone, onInvalidToken }: { token: string; onDone: () => void; onInvalidToken: () => void }) {
  const [error, setError] = useState<ApiError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({ mode: "uncontrolled", initialValues: { newPassword: "", confirmPassword: "" }, validate: zodFormValidator(schema) });

  const submit = form.onSubmit(
    async (values) => {
      setSubmitting(true);
      setError(null);
      const { error: refused } = await authCall((authClient) => authClient.resetPassword({ newPassword: values.newPassword, token }));
      setSubmitting(false);
      if (!refused) return onDone();
      if (refused.code === "INVALID_TOKEN") return onInvalidToken();
      if (PASSWORD_CODES.has(refused.code)) {
        form.setFieldError("newPassword", refused.message);
        form.getInputNode("newPassword")?.focus();
        return;
      }
      setError(refused);
    },
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {error ? (
          <Alert color="red" role="alert" title="Could not change your password">
            {error.message}
          </Alert>
        ) : null}
        <NewPasswordInput label="New password" key={form.key("newPassword")} {...form.getInputProps("newPassword")} />
        <PasswordInput label="Confirm new password" autoComplete="new-password" required key={form.key("confirmPassword")} {...form.getInputProps("confirmPassword")} />
        <Button type="submit" loading={submitting} fullWidth>
          Set new password
        </Button>
      </Stack>
    </form>
  );
}
