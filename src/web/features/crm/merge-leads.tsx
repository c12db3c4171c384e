import { Alert, Button, Group, Modal, Stack, Text, VisuallyHidden } from "@mantine/core";
import { IconArrowMerge } from "@tabler/icons-react";
import { useState } from "react";
import { notifySuccess } from "../../lib/notify.ts";
import type { CrmArea } from "./api.ts";
import { useMergeLeads } from "./pipeline-api.ts";

/**
 * "Merge" for a duplicate pair (a lead's page lists its possible duplicates): asks to confirm,
 * then merges the duplicate into the lead shown, which keeps what it says and takes from the
 * duplicate only what it lacks; the duplicate's timeline and tasks move over and it is deleted.
 */
export function MergeLeadsButton({
  area,
  lead,
  duplicate,
  onMerged,
}: {
  area: CrmArea;
  /** The lead kept: the one whose page this is. */
  lead: { id: string; name: string };
  duplicate: { id: string; name: string };
  onMerged?: () => void;
}) {
  const [opened, setOpened] = useState(false);
  const merge = useMergeLeads(area);
  const close = () => {
    setOpened(false);
    merge.reset();
  };
  return (
    <>
      <Button size="compact-sm" variant="light" leftSection={<IconArrowMerge size={14} aria-hidden="true" />} onClick={() => setOpened(true)}>
        Merge<VisuallyHidden> {duplicate.name} into this lead</VisuallyHidden>
      </Button>
      <Modal opened={opened} onClose={close} title="Merge the duplicate into this lead?">
        <Stack>
          <Text>
            {duplicate.name} will be merged into {lead.name}. {lead.name} keeps its details; what it lacks (a phone, the student's name, subjects…) is taken
            from the duplicate. The duplicate's timeline and tasks move here, and the duplicate is deleted. This cannot be undone.
          </Text>
          {merge.error ? (
            <Alert color="red" title="Not merged" role="alert">
              {merge.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={merge.isPending}
              onClick={() =>
                merge.mutate(
                  { leadId: lead.id, duplicateLeadId: duplicate.id },
                  {
                    onSuccess: () => {
                      notifySuccess("Leads merged", `${duplicate.name} was merged into ${lead.name}.`);
                      close();
                      onMerged?.();
                    },
                  },
                )
              }
            >
              Merge and delete the duplicate
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
