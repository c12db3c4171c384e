import { Alert, Button, PasswordInput, Stack } from "@mantine/core";
import { useState } from "react";
import { asApiError, type ApiError } from "../../lib/api-client.ts";
import { useAccountForm } from "../../lib/forms.ts";
import { newPasswordChecks } from "./form-checks.ts";
import { NewPasswordInput } from "./password-hint.tsx";
import { resetPassword } from "./requests.ts";

/** Server refusals that are about the new password itself. */
const PASSWORD_CODES = new Set(["PASSWORD_TOO_COMMON", "PASSWORD_TOO_SHORT", "PASSWORD_TOO_LONG"]);

/** New password twice, then Better Auth's reset with the mailed token. */
export function ResetPasswordForm({ token, onDone, onInvalidToken }: { token: string; onDone: () => void; onInvalidToken: () => void }) {
  const [error, setError] = useState<ApiError | null>(null);
  const form = useAccountForm({ fields: ["newPassword", "confirmPassword"], validate: newPasswordChecks.validate });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    const refused = await resetPassword({ newPassword: values.newPassword, token }).then(
      () => null,
      (failure: unknown) => asApiError(failure),
    );
    if (!refused) return onDone();
    if (refused.code === "INVALID_TOKEN") return onInvalidToken();
    if (PASSWORD_CODES.has(refused.code)) {
      form.setFieldError("newPassword", refused.message);
      form.getInputNode("newPassword")?.focus();
      return;
    }
    setError(refused);
  });

  return (
    <form method="post" onSubmit={submit} noValidate>
      <Stack gap="md">
        {error ? (
          <Alert color="red" role="alert" title="Could not change your password">
            {error.message}
          </Alert>
        ) : null}
        <NewPasswordInput label="New password" {...form.field("newPassword")} />
        <PasswordInput label="Confirm new password" autoComplete="new-password" required {...form.field("confirmPassword")} />
        <Button type="submit" loading={form.submitting} fullWidth>
          Set new password
        </Button>
      </Stack>
    </form>
  );
}
