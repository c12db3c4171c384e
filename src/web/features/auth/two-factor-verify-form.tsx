import { Alert, Button, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { z } from "zod";
import { totpCodeField } from "../../../shared/schemas/fields.ts";
import { asApiError, type ApiError } from "../../lib/api-client.ts";
import { zodFormValidator } from "../../lib/zod-forms.ts";
import { focusFirstError } from "./form-errors.ts";
import { verifyTotpCode } from "./requests.ts";

const schema = z.object({ code: totpCodeField });

/** Step 3 of /setup-2fa: a first code from the app proves it is set up, and turns two-factor on. */
export function TwoFactorVerifyForm({ onVerified }: { onVerified: () => Promise<void> }) {
  const [error, setError] = useState<ApiError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({ mode: "uncontrolled", initialValues: { code: "" }, validate: zodFormValidator(schema) });

  const submit = form.onSubmit(
    async (values) => {
      const { code } = schema.parse(values);
      setSubmitting(true);
      setError(null);
      const refused = await verifyTotpCode(code).then(
        () => null,
        (failure: unknown) => asApiError(failure),
      );
      if (!refused) {
        await onVerified();
        return;
      }
      setSubmitting(false);
      if (refused.code === "INVALID_CODE") {
        form.setFieldError("code", "This code is not right. Enter the code your app shows now.");
        form.getInputNode("code")?.focus();
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
          <Alert color="red" role="alert" title="Could not turn on two-factor">
            {error.message}
          </Alert>
        ) : null}
        <TextInput
          label="Authentication code"
          description="The 6-digit code your app shows for Glassroom."
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          key={form.key("code")}
          {...form.getInputProps("code")}
        />
        <Button type="submit" loading={submitting} fullWidth>
          Turn on two-factor
        </Button>
      </Stack>
    </form>
  );
}
