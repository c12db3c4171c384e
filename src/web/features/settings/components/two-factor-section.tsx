import { Badge, Button, Code, CopyButton, Group, Modal, SimpleGrid, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifySuccess } from "../../../lib/notify.ts";
import { useState } from "react";
import { Link } from "react-router";
import { useDisableTwoFactor, useGenerateBackupCodes } from "../api.ts";
import { PasswordConfirmModal } from "./password-confirm-modal.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";

/** "Two-factor authentication": set it up, or (when on) turn it off or get new backup codes. */
export function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const disable = useDisableTwoFactor();
  const generate = useGenerateBackupCodes();
  const [disableOpened, disableModal] = useDisclosure(false);
  const [regenerateOpened, regenerateModal] = useDisclosure(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  if (!enabled) {
    return (
      <SectionCard title="Two-factor authentication">
        <Group gap="xs">
          <Badge color="gray" variant="outline">
            Off
          </Badge>
          <Text size="sm">Two-factor authentication is off.</Text>
        </Group>
        <Text size="sm">
          Add a second step to signing in: a 6-digit code from an authenticator app on your phone. Someone who learns your password still cannot sign in without
          it.
        </Text>
        <Group>
          <Button component={Link} to="/setup-2fa">
            Set up two-factor
          </Button>
        </Group>
      </SectionCard>
    );
  }

  return (
    <SectionCard title="Two-factor authentication">
      <Group gap="xs">
        <Badge color="teal" variant="outline">
          On
        </Badge>
        <Text size="sm">Signing in asks for a code from your authenticator app, or one of your backup codes.</Text>
      </Group>
      <Group>
        <Button variant="default" onClick={regenerateModal.open}>
          Regenerate backup codes
        </Button>
        <Button variant="outline" color="red" onClick={disableModal.open}>
          Turn off two-factor
        </Button>
      </Group>

      <PasswordConfirmModal
        opened={disableOpened}
        onClose={disableModal.close}
        title="Turn off two-factor authentication"
        confirmLabel="Turn off"
        confirmColor="red"
        onConfirm={async (password) => {
          await disable.mutateAsync({ password });
          disableModal.close();
          notifySuccess("Two-factor authentication turned off", "Signing in now needs only your password.");
        }}
      >
        Signing in will need only your password, and your backup codes stop working. Enter your password to confirm.
      </PasswordConfirmModal>

      <PasswordConfirmModal
        opened={regenerateOpened}
        onClose={regenerateModal.close}
        title="Regenerate backup codes"
        confirmLabel="Regenerate codes"
        onConfirm={async (password) => {
          const fresh = await generate.mutateAsync({ password });
          regenerateModal.close();
          setCodes(fresh);
        }}
      >
        You get 10 new backup codes and your old ones stop working. Enter your password to confirm.
      </PasswordConfirmModal>

      <BackupCodesModal codes={codes} onClose={() => setCodes(null)} />
    </SectionCard>
  );
}

/** The new backup codes, shown this once. */
function BackupCodesModal({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  return (
    <Modal
      closeButtonProps={{ "aria-label": "Close" }}
      opened={codes !== null}
      onClose={onClose}
      title="Your new backup codes"
      centered
      closeOnClickOutside={false}
    >
      <Stack gap="md">
        <Text size="sm">
          Keep these somewhere safe, such as a password manager. Each code signs you in once if you lose your phone.{" "}
          <strong>They will not be shown again.</strong>
        </Text>
        <SimpleGrid cols={2} spacing="xs" component="ul" aria-label="Backup codes" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {(codes ?? []).map((code) => (
            <li key={code}>
              <Code fz="md" block ta="center">
                {code}
              </Code>
            </li>
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <CopyButton value={(codes ?? []).join("\n")}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? "Copied" : "Copy codes"}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>I have saved them</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
