import { Button, Group, Modal, Stack, Text, VisuallyHidden } from "@mantine/core";
import { useState } from "react";
import type { Trial } from "../../../../shared/schemas/crm-trials.ts";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { formatSpan } from "../../../lib/format-time.ts";
import { useDisplayTimeZone } from "../../session/display-time-zone.ts";
import type { CrmArea } from "../api.ts";
import { FeedbackForm } from "../trial-feedback.tsx";
import { useTrialsAwaitingFeedback } from "../trials-api.ts";

/**
 * "Trials awaiting feedback" on a staff dashboard: the trial lessons that have begun without
 * their feedback, each with the form. A tutor sees the trials they teach, also for a lead
 * someone else owns (whose page they cannot open); admins every one. Shown only when some wait.
 */
export function TrialsAwaitingCard({ area }: { area: CrmArea }) {
  const trials = useTrialsAwaitingFeedback(area);
  const { timeZone } = useDisplayTimeZone();
  const [filing, setFiling] = useState<Trial | null>(null);
  const items = trials.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <SectionCard title="Trials awaiting feedback" description="How each trial lesson went: filing it tells the lead's owner and plans their follow-ups.">
      <Stack component="ul" gap="sm" aria-label="Trials awaiting feedback" style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {items.map((trial) => (
          <Group component="li" key={trial.id} justify="space-between" align="flex-start" gap="sm">
            <Stack gap={0} style={{ minWidth: 0, overflowWrap: "anywhere" }}>
              <Text size="sm" fw={600}>
                {trial.subject} with {trial.leadName}
              </Text>
              <Text size="sm" c="dimmed">
                {formatSpan(trial.startsAt, trial.endsAt, timeZone ?? trial.timeZone)}
                {area === "admin" ? ` · ${trial.tutor.name}` : ""}
              </Text>
            </Stack>
            <Button size="compact-sm" variant="light" onClick={() => setFiling(trial)}>
              File feedback<VisuallyHidden> for {trial.leadName}</VisuallyHidden>
            </Button>
          </Group>
        ))}
      </Stack>
      <Modal opened={filing !== null} onClose={() => setFiling(null)} title={filing ? `How did the trial with ${filing.leadName} go?` : ""} centered>
        {filing ? <FeedbackForm area={area} leadId={filing.leadId} trials={[filing]} onDone={() => setFiling(null)} /> : null}
      </Modal>
    </SectionCard>
  );
}
