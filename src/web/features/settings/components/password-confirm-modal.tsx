import { Button, Group, Modal, PasswordInput, Stack, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { z } from "zod";
import { currentPasswordField } from "../../../../shared/schemas/fields.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
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
  const confirm = useMutation({ mutationFn: onConfirm });
  const { form, onSubmit, send, formError } = useApiForm(passwordSchema, confirm, {
    mode: "uncontrolled",
    initialValues: { password: "" },
    refusalFields: (error): Record<string, string> => (isWrongPassword(error) ? { password: "Password is incorrect." } : {}),
  });

  const close = () => {
    form.reset();
    confirm.reset();
    onClose();
  };

  const submit = onSubmit(({ password }) => send(password, () => form.reset()));

  return (
    <Modal closeButtonProps={{ "aria-label": "Close" }} opened={opened} onClose={close} title={title} centered>
      <form method="post" onSubmit={submit} noValidate>
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
          <FormError error={formError} title="That did not work" />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color={confirmColor} loading={confirm.isPending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
