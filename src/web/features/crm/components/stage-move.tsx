import { ActionIcon, Button, Group, Menu, Modal, Radio, Stack, Text } from "@mantine/core";
import { IconArrowsExchange, IconChevronDown } from "@tabler/icons-react";
import { useState } from "react";
import type { Stage } from "../../../../shared/schemas/crm.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { notifyError, notifyInfo, notifySuccess } from "../../../lib/notify.ts";
import { type CrmArea, useMoveLead } from "../api.ts";

export interface MovingLead {
  id: string;
  name: string;
  stageId: string;
}

/** Why a stage cannot be chosen by a move (won happens by converting), or null. */
export const WON_BY_CONVERTING = "A lead is won by converting it on its page, which makes the family and the student.";

/**
 * Moving leads between stages, from the board (a drop or the Move menu) and from a lead's page:
 * a lost stage asks the reason first, a won stage explains that winning is converting, any other
 * stage moves at once. Returns `move(lead, stage)` and the reason's dialog to render.
 */
export function useStageMove(area: CrmArea, lostReasons: readonly string[]) {
  const mutation = useMoveLead(area);
  const [losing, setLosing] = useState<{ lead: MovingLead; stage: Stage } | null>(null);

  const move = (lead: MovingLead, stage: Stage) => {
    if (stage.id === lead.stageId) return;
    if (stage.outcome === "won") {
      notifyInfo("Won by converting", WON_BY_CONVERTING);
      return;
    }
    if (stage.outcome === "lost") {
      setLosing({ lead, stage });
      return;
    }
    mutation.mutate(
      { leadId: lead.id, stageId: stage.id },
      {
        onSuccess: () => notifySuccess("Lead moved", `${lead.name} is in ${stage.name}.`),
        onError: (error) => notifyError("Could not move the lead", error instanceof ApiError ? error.message : String(error)),
      },
    );
  };

  const dialog = (
    <Modal opened={losing !== null} onClose={() => setLosing(null)} title="Why was the lead lost?" centered>
      {losing ? <LostReasonForm area={area} lead={losing.lead} stage={losing.stage} reasons={lostReasons} onDone={() => setLosing(null)} /> : null}
    </Modal>
  );
  return { move, dialog, pending: mutation.isPending };
}

function LostReasonForm({
  area,
  lead,
  stage,
  reasons,
  onDone,
}: {
  area: CrmArea;
  lead: MovingLead;
  stage: Stage;
  reasons: readonly string[];
  onDone: () => void;
}) {
  const mutation = useMoveLead(area);
  const { form, onSubmit, send, formError } = useApiForm(null, mutation, {
    initialValues: { lostReason: "" },
    validate: (values): Record<string, string> => (values.lostReason ? {} : { lostReason: "Choose why the lead is lost." }),
  });
  const submit = onSubmit((values) =>
    send({ leadId: lead.id, stageId: stage.id, lostReason: values.lostReason }, () => {
      onDone();
      notifySuccess("Lead marked lost", `${lead.name} is in ${stage.name}: ${values.lostReason}.`);
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {lead.name} moves to {stage.name}. The reason is kept on the lead&apos;s timeline and in the pipeline&apos;s figures.
        </Text>
        <Radio.Group label="Reason" required {...form.getInputProps("lostReason")}>
          <Stack gap="xs" mt="xs">
            {reasons.map((reason, index) => (
              <Radio key={reason} value={reason} label={reason} data-autofocus={index === 0 || undefined} />
            ))}
          </Stack>
        </Radio.Group>
        <FormError error={formError} title="Could not mark the lead lost" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={mutation.isPending}>
            Mark lost
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Move to…": every other stage of the pipeline; won is shown but explains itself. */
export function MoveMenu({
  lead,
  stages,
  onMove,
  compact = false,
}: {
  lead: MovingLead;
  stages: readonly Stage[];
  onMove: (stage: Stage) => void;
  compact?: boolean;
}) {
  const label = `Move ${lead.name} to another stage`;
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        {compact ? (
          <ActionIcon variant="subtle" color="gray" aria-label={label} title="Move to another stage">
            <IconArrowsExchange size={18} aria-hidden="true" />
          </ActionIcon>
        ) : (
          <Button variant="default" rightSection={<IconChevronDown size={14} aria-hidden="true" />} aria-label={label}>
            Move to…
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Move to</Menu.Label>
        {stages
          .filter((stage) => stage.id !== lead.stageId)
          .map((stage) => (
            <Menu.Item key={stage.id} onClick={() => onMove(stage)} color={stage.outcome === "lost" ? "red" : undefined}>
              {stage.outcome === "won" ? `${stage.name} (by converting)` : stage.name}
            </Menu.Item>
          ))}
      </Menu.Dropdown>
    </Menu>
  );
}
