import { Button, Group, Modal, PasswordInput, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState, type ReactNode } from "react";
import { z } from "zod";
import { currentPasswordField } from "../../../../shared/schemas/fields.ts";
import { zodFormValidator } from "../../../lib/forms.ts";
import { isWrongPassword } from "../api.ts";
import { FormError } from "../../../components/ui/form-error.tsx";

const passwordSchema = z.object({ password: currentPasswordField });

/**
 * Asks for the account password before a sensitive change. A wrong password shows on the
 * field; what was typed stays after a failure. `onConfirm` rejects to report a failure.
 */
export function PasswordConfirmModal({
  opened,
  onClose,
  title,
  children,
  confirmLabel,
  confirmColor,
  onConfirm,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  onConfirm: (password: string) => Promise<unknown>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const form = useForm({ mode: "uncontrolled", initialValues: { password: "" }, validate: zodFormValidator(passwordSchema) });

  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };

  const submit = form.onSubmit(async ({ password }) => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm(password);
      form.reset();
    } catch (failure) {
      if (isWrongPassword(failure)) form.setFieldError("password", "Password is incorrect.");
      else setError(failure instanceof Error ? failure : new Error(String(failure)));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal closeButtonProps={{ "aria-label": "Close" }} opened={opened} onClose={close} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{children}</Text>
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            withAsterisk={false}
            data-autofocus
            key={form.key("password")}
            {...form.getInputProps("password")}
          />
          <FormError error={error} title="That did not work" />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color={confirmColor} loading={busy}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
