import { Anchor, Badge, Button, Card, Group, Modal, Progress, Stack, Text, Textarea, Title } from "@mantine/core";
import { IconCircle, IconCircleCheck, IconPlayerSkipForward } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import {
  PLAYBOOK_GROUP_TITLES,
  PLAYBOOK_GROUPS,
  type Playbook,
  type PlaybookStep,
  playbookDecisionSchema,
} from "../../../../shared/schemas/growth-playbook.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { formatInstant } from "../../../lib/format-time.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { useDisplayTimeZone } from "../../session/display-time-zone.ts";
import { useDecideStep } from "../api.ts";

/** How far along the playbook is: done of all, and how many were set aside. */
export function PlaybookProgress({ playbook }: { playbook: Playbook }) {
  const share = Math.round((playbook.done / playbook.total) * 100);
  return (
    <Stack gap={6}>
      <Text fw={600}>
        {playbook.done} of {playbook.total} steps done{playbook.skipped > 0 ? `, ${playbook.skipped} skipped` : ""}
      </Text>
      <Progress value={share} color="teal" size="lg" aria-label={`${share}% of the playbook's steps done`} />
    </Stack>
  );
}

function StateIcon({ step }: { step: PlaybookStep }) {
  const color = step.state === "done" ? "var(--mantine-color-teal-7)" : "var(--mantine-color-gray-6)";
  const Icon = step.state === "done" ? IconCircleCheck : step.state === "skipped" ? IconPlayerSkipForward : IconCircle;
  return <Icon size={26} color={color} aria-hidden="true" style={{ flex: "none" }} />;
}

/** What state a step is in, in words (the icon beside it is decoration). */
function stateWords(step: PlaybookStep): string {
  if (step.state === "skipped") return "Skipped";
  if (step.state === "open") return "To do";
  return step.tickedBy === "data" ? "Done: your data says so" : "Done: ticked by hand";
}

function SkipForm({ step, onClose }: { step: PlaybookStep; onClose: () => void }) {
  const decide = useDecideStep();
  const { form, onSubmit, send, formError } = useApiForm(playbookDecisionSchema, decide, {
    initialValues: { reason: "" },
    input: (values) => ({ state: "skipped", reason: values.reason }),
  });
  const submit = onSubmit((values) =>
    send({ stepKey: step.key, state: "skipped", reason: values.reason.trim() }, () => {
      onClose();
      notifySuccess("Step skipped", `"${step.title}" is set aside; you can open it again at any time.`);
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Textarea
          label="Why skip it?"
          description="A line for whoever reads the playbook next (at most 500 characters)."
          required
          autosize
          minRows={2}
          data-autofocus
          {...form.getInputProps("reason")}
        />
        <FormError error={formError} title="Could not skip the step" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={decide.isPending}>
            Skip step
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function StepCard({ step }: { step: PlaybookStep }) {
  const decide = useDecideStep();
  const [skipping, setSkipping] = useState(false);
  const { timeZone } = useDisplayTimeZone();
  const setState = (state: "ticked" | "open", done: string) =>
    decide.mutate(
      { stepKey: step.key, state },
      {
        onSuccess: () => notifySuccess(done, step.title),
        onError: (error) => notifyError("Could not change the step", error.message),
      },
    );
  const decidedByHand = step.decision && (step.state === "skipped" || (step.state === "done" && step.tickedBy === "hand"));
  return (
    <Card withBorder padding="md" component="li" aria-labelledby={`step-${step.key}`}>
      <Group align="flex-start" gap="md" wrap="nowrap">
        <StateIcon step={step} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" justify="space-between" align="flex-start">
            <Title order={3} size="h5" id={`step-${step.key}`} c={step.state === "skipped" ? "dimmed" : undefined}>
              {step.title}
            </Title>
            <Badge color={step.state === "done" ? "teal" : "gray"} variant={step.state === "open" ? "outline" : "light"}>
              {stateWords(step)}
            </Badge>
          </Group>
          {step.evidence ? (
            <Text size="sm" c="dimmed">
              Now: {step.evidence}
            </Text>
          ) : null}
          {decidedByHand && step.decision ? (
            <Text size="sm" c="dimmed">
              {step.decision.state === "skipped" ? "Skipped" : "Ticked"} by {step.decision.byName ?? "a former member"},{" "}
              {formatInstant(step.decision.at, timeZone ?? "UTC")}
              {step.decision.reason ? `: ${step.decision.reason}` : ""}
            </Text>
          ) : null}
          <Text size="sm">{step.advice}</Text>
          <Group gap="md" mt={4} justify="space-between">
            <Group gap="md">
              <Anchor component={Link} to={step.link.href} size="sm" fw={600}>
                {step.link.label}
              </Anchor>
              {step.kpi ? (
                <Anchor component={Link} to="/admin/reports" size="sm">
                  Its figure: {step.kpi.name}
                </Anchor>
              ) : null}
            </Group>
            <Group gap="xs">
              {step.state === "open" && step.tickedBy === "hand" ? (
                <Button size="xs" variant="light" color="teal" loading={decide.isPending} onClick={() => setState("ticked", "Step done")}>
                  Mark as done
                </Button>
              ) : null}
              {step.state === "open" ? (
                <Button size="xs" variant="default" onClick={() => setSkipping(true)}>
                  Skip…
                </Button>
              ) : null}
              {decidedByHand ? (
                <Button size="xs" variant="default" loading={decide.isPending} onClick={() => setState("open", "Step opened again")}>
                  Open again
                </Button>
              ) : null}
            </Group>
          </Group>
        </Stack>
      </Group>
      <Modal opened={skipping} onClose={() => setSkipping(false)} title={`Skip "${step.title}"`} centered>
        {skipping ? <SkipForm step={step} onClose={() => setSkipping(false)} /> : null}
      </Modal>
    </Card>
  );
}

/** The steps by group, in the playbook's order, each group with how many of its steps are done. */
export function PlaybookSteps({ playbook }: { playbook: Playbook }) {
  return (
    <Stack gap="xl">
      {PLAYBOOK_GROUPS.map((group) => {
        const steps = playbook.steps.filter((step) => step.group === group);
        const done = steps.filter((step) => step.state === "done").length;
        return (
          <Stack key={group} gap="sm" component="section" aria-labelledby={`group-${group}`}>
            <Group gap="sm" align="baseline">
              <Title order={2} size="h3" id={`group-${group}`}>
                {PLAYBOOK_GROUP_TITLES[group]}
              </Title>
              <Text size="sm" c="dimmed">
                {done} of {steps.length} done
              </Text>
            </Group>
            <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {steps.map((step) => (
                <StepCard key={step.key} step={step} />
              ))}
            </Stack>
          </Stack>
        );
      })}
    </Stack>
  );
}
