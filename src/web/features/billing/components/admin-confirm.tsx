import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { FormError } from "../../../components/ui/form-error.tsx";

/** A question before an action that cannot be taken back: what it does, its failure, Cancel and the action named. */
export function AdminConfirm({
  opened,
  onClose,
  title,
  children,
  confirmLabel,
  onConfirm,
  pending,
  error,
  danger = false,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending: boolean;
  error: Error | null;
  danger?: boolean;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack gap="md">
        {typeof children === "string" ? <Text size="sm">{children}</Text> : children}
        <FormError error={error} title="It did not work" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={danger ? "red" : undefined} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
