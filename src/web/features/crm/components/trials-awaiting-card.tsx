import { Button, Group, Stack, Text, VisuallyHidden } from "@mantine/core";
import { useState } from "react";
import type { Trial } from "../../../../shared/schemas/crm-trials.ts";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { useOnDemand } from "../../../components/ui/use-on-demand.ts";
import { formatSpan } from "../../../lib/format-time.ts";
import { useDisplayTimeZone } from "../../session/display-time-zone.ts";
import type { CrmArea } from "../api.ts";
import { useTrialsAwaitingFeedback } from "../trials-api.ts";

/**
 * "Trials awaiting feedback" on a staff dashboard: the trial lessons that have begun without
 * their feedback, each with the form. A tutor sees the trials they teach, also for a lead
 * someone else owns (whose page they cannot open); admins every one. Shown only when some wait.
 * The dialog with its form and schema loads when feedback is first asked for.
 */
export function TrialsAwaitingCard({ area }: { area: CrmArea }) {
  const trials = useTrialsAwaitingFeedback(area);
  const { timeZone } = useDisplayTimeZone();
  const [filing, setFiling] = useState<Trial | null>(null);
  const dialog = useOnDemand(() => import("../trial-feedback.tsx"));
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
            <Button size="compact-sm" variant="light" onClick={() => dialog.whenLoaded(() => setFiling(trial))} {...dialog.prefetch}>
              File feedback<VisuallyHidden> for {trial.leadName}</VisuallyHidden>
            </Button>
          </Group>
        ))}
      </Stack>
      {dialog.module ? <dialog.module.TrialFeedbackDialog area={area} trial={filing} onClose={() => setFiling(null)} /> : null}
    </SectionCard>
  );
}
