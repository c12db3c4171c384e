import { Button, Group, Modal, Radio, Select, Stack, Text, Textarea } from "@mantine/core";
import { IconMessageCheck } from "@tabler/icons-react";
import { useState } from "react";
import {
  TRIAL_RECOMMENDATION_LABELS,
  TRIAL_RECOMMENDATIONS,
  trialFeedbackCreateSchema,
  type Trial,
  type TrialRecommendation,
} from "../../../shared/schemas/crm-trials.ts";
import { useApiForm } from "../../components/forms/use-api-form.ts";
import { FormError } from "../../components/ui/form-error.tsx";
import { formatSpan } from "../../lib/format-time.ts";
import { notifySuccess } from "../../lib/notify.ts";
import { useDisplayTimeZone } from "../session/display-time-zone.ts";
import type { CrmArea } from "./api.ts";
import { leadTitle } from "./format.ts";
import { type CrmLeadRef, useFileTrialFeedback, useLeadTrials } from "./trials-api.ts";

/** Trials that have begun, were not cancelled and have no feedback yet: the ones a tutor can report on. */
export function trialsAwaitingFeedback(trials: readonly Trial[], now: number = Date.now()): Trial[] {
  return trials.filter((trial) => !trial.feedback && Date.parse(trial.startsAt) <= now && !["cancelled", "late_cancelled"].includes(trial.sessionStatus));
}

/**
 * "Trial feedback": a button and its dialog, shown on a lead's page once one of its trials has
 * begun and has no feedback yet. The server takes it from the trial's tutor or an admin only;
 * filing it puts it on the timeline and makes the owner's follow-up tasks (days 1 and 3).
 */
export function TrialFeedbackButton({ area, lead }: { area: CrmArea; lead: CrmLeadRef }) {
  const [opened, setOpened] = useState(false);
  const trials = useLeadTrials(area, lead.id);
  const waiting = trialsAwaitingFeedback(trials.data?.items ?? []);
  if (waiting.length === 0) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconMessageCheck size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Trial feedback
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`How did the trial with ${leadTitle(lead)} go?`} centered>
        {opened ? <FeedbackForm area={area} leadId={lead.id} trials={waiting} onDone={() => setOpened(false)} /> : null}
      </Modal>
    </>
  );
}

/** One trial's feedback in a dialog: the staff dashboard's "Trials awaiting feedback" loads it when asked (components/trials-awaiting-card.tsx). */
export function TrialFeedbackDialog({ area, trial, onClose }: { area: CrmArea; trial: Trial | null; onClose: () => void }) {
  return (
    <Modal opened={trial !== null} onClose={onClose} title={trial ? `How did the trial with ${trial.leadName} go?` : ""} centered>
      {trial ? <FeedbackForm area={area} leadId={trial.leadId} trials={[trial]} onDone={onClose} /> : null}
    </Modal>
  );
}

interface FeedbackValues {
  trialId: string;
  attended: "yes" | "no" | "";
  recommendation: string;
  notes: string;
}

function FeedbackForm({ area, leadId, trials, onDone }: { area: CrmArea; leadId: string; trials: Trial[]; onDone: () => void }) {
  const { timeZone } = useDisplayTimeZone();
  const mutation = useFileTrialFeedback(area, leadId);
  const { form, onSubmit, send, formError } = useApiForm(trialFeedbackCreateSchema, mutation, {
    initialValues: { trialId: trials[0]!.id, attended: "", recommendation: "", notes: "" } as FeedbackValues,
    input: (values) => ({
      attended: values.attended === "" ? undefined : values.attended === "yes",
      recommendation: values.recommendation || undefined,
      ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
    }),
  });
  const describe = (trial: Trial) => `${trial.subject} with ${trial.tutor.name}, ${formatSpan(trial.startsAt, trial.endsAt, timeZone ?? trial.timeZone)}`;
  const submit = onSubmit((values) =>
    send(
      {
        trialId: values.trialId,
        attended: values.attended === "yes",
        recommendation: values.recommendation as TrialRecommendation,
        ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
      },
      () => {
        onDone();
        notifySuccess("Feedback filed", "It is on the lead's timeline, with follow-up tasks for days 1 and 3.");
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {trials.length > 1 ? (
          <Select
            label="Trial"
            withAsterisk
            data={trials.map((trial) => ({ value: trial.id, label: describe(trial) }))}
            allowDeselect={false}
            {...form.getInputProps("trialId")}
          />
        ) : (
          <Text size="sm">{describe(trials[0]!)}</Text>
        )}
        <Radio.Group label="Did the student attend?" withAsterisk {...form.getInputProps("attended")}>
          <Group gap="md" mt="xs">
            <Radio value="yes" label="Yes" data-autofocus />
            <Radio value="no" label="No" />
          </Group>
        </Radio.Group>
        <Radio.Group label="Recommendation" withAsterisk {...form.getInputProps("recommendation")}>
          <Stack gap="xs" mt="xs">
            {TRIAL_RECOMMENDATIONS.map((value) => (
              <Radio key={value} value={value} label={TRIAL_RECOMMENDATION_LABELS[value]} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea label="Notes" description="Optional: what went well, what the student needs." minRows={4} maxLength={4000} {...form.getInputProps("notes")} />
        <FormError error={formError} title="Could not file the feedback" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            File feedback
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
