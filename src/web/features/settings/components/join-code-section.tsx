import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput, VisuallyHidden } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifySuccess } from "../../../lib/notify.ts";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import type { WorkspaceSettings } from "../../../../shared/schemas/workspace.ts";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { useRegenerateJoinCode, useWorkspaceSettings } from "../../workspace/api.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";

export const joinLinkOf = (code: string) => `${window.location.origin}/signup?join=${encodeURIComponent(code)}`;

/** "Join code" (admins): the code and link people use to ask to join, with copy and regenerate. */
export function JoinCodeSection() {
  const settings = useWorkspaceSettings();
  return (
    <SectionCard
      title="Join code"
      description="Share the join link with the tutors, parents and students of your business. Each request waits for your approval in Approvals."
    >
      <QueryState query={settings} label="the join code">
        {(data) => <JoinCode settings={data} />}
      </QueryState>
    </SectionCard>
  );
}

function JoinCode({ settings }: { settings: WorkspaceSettings }) {
  const regenerate = useRegenerateJoinCode();
  const [confirmOpened, confirm] = useDisclosure(false);
  const link = joinLinkOf(settings.joinCode);

  return (
    <Stack gap="md">
      {settings.joiningOpen ? null : (
        <Alert color="blue" title="Joining is closed">
          The code does not work until you turn on Joining open above.
        </Alert>
      )}
      <div>
        <Text size="sm" fw={500}>
          Join code
        </Text>
        <Text ff="monospace" fz={32} fw={700} lts={4} data-testid="join-code">
          {settings.joinCode}
        </Text>
      </div>
      <TextInput label="Join link" value={link} readOnly onFocus={(event) => event.currentTarget.select()} styles={{ input: { fontFamily: "monospace" } }} />
      <Group>
        <CopyButton value={link}>
          {({ copied, copy }) => (
            <>
              <Button leftSection={copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />} onClick={copy}>
                {copied ? "Copied" : "Copy join link"}
              </Button>
              <VisuallyHidden role="status">{copied ? "Join link copied" : ""}</VisuallyHidden>
            </>
          )}
        </CopyButton>
        <Button variant="default" onClick={confirm.open}>
          Regenerate join code
        </Button>
      </Group>

      <Modal closeButtonProps={{ "aria-label": "Close" }} opened={confirmOpened} onClose={confirm.close} title="Regenerate the join code?" centered>
        <Stack gap="md">
          <Text size="sm">The old code stops working, and so do links that contain it. People who already asked to join keep their place in Approvals.</Text>
          <FormError error={regenerate.error} title="Could not regenerate the join code" />
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={regenerate.isPending}
              onClick={() =>
                regenerate.mutate(undefined, {
                  onSuccess: (saved) => {
                    confirm.close();
                    notifySuccess("Join code regenerated", `The new join code is ${saved.joinCode}.`);
                  },
                })
              }
            >
              Regenerate code
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
