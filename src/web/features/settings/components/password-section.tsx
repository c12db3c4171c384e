import { Button, Group, PasswordInput, Stack } from "@mantine/core";
import { notifySuccess } from "../../../lib/notify.ts";
import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../../../shared/schemas/fields.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { isWrongPassword, useChangePassword } from "../api.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";

/** The shared password rules (passwordField), with messages that name each field of this form. */
const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Current password is required.").max(PASSWORD_MAX, `Current password must be at most ${PASSWORD_MAX} characters.`),
    newPassword: z
      .string()
      .min(1, "New password is required.")
      .min(PASSWORD_MIN, `New password must be at least ${PASSWORD_MIN} characters.`)
      .max(PASSWORD_MAX, `New password must be at most ${PASSWORD_MAX} characters.`),
    confirmPassword: z.string().min(1, "Confirm your new password."),
  })
  .superRefine((values, ctx) => {
    if (values.confirmPassword && values.newPassword !== values.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "The two new passwords do not match." });
    }
  });

const NEW_PASSWORD_CODES = ["PASSWORD_TOO_COMMON", "PASSWORD_TOO_SHORT", "PASSWORD_TOO_LONG"];

/** "Password": change it, which also signs out every other session. */
export function PasswordSection() {
  const change = useChangePassword();
  const { form, onSubmit, send, formError } = useApiForm(changePasswordSchema, change, {
    mode: "uncontrolled",
    initialValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
    refusalFields: (error): Record<string, string> => {
      if (isWrongPassword(error)) return { currentPassword: "Current password is incorrect." };
      return NEW_PASSWORD_CODES.includes(error.code) ? { newPassword: error.message } : {};
    },
  });

  const submit = onSubmit((values) =>
    send({ currentPassword: values.currentPassword, newPassword: values.newPassword }, () => {
      form.reset();
      notifySuccess("Password changed", "Your other sessions have been signed out.");
    }),
  );

  return (
    <SectionCard title="Password" description="Changing your password signs you out everywhere else.">
      <form method="post" onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            withAsterisk={false}
            key={form.key("currentPassword")}
            {...form.getInputProps("currentPassword")}
          />
          <PasswordInput
            label="New password"
            description={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters. A long phrase is easier to remember and harder to guess.`}
            autoComplete="new-password"
            required
            withAsterisk={false}
            key={form.key("newPassword")}
            {...form.getInputProps("newPassword")}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            withAsterisk={false}
            key={form.key("confirmPassword")}
            {...form.getInputProps("confirmPassword")}
          />
          <FormError error={formError} title="Could not change your password" />
          <Group>
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
