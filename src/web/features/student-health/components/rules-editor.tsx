import { Alert, Box, Button, Fieldset, Group, List, Loader, Modal, NumberInput, SimpleGrid, Stack, Switch, Text, VisuallyHidden } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useDisclosure } from "@mantine/hooks";
import type { FormEvent } from "react";
import { describeHealthRule, describeHealthRuleChanges, HEALTH_RULE_LABELS } from "../../../../shared/health-rules-text.ts";
import {
  HEALTH_RULE_KEYS,
  healthRulesPublishSchema,
  type HealthRuleKey,
  type HealthRules,
  type HealthRulesVersion,
} from "../../../../shared/schemas/student-health.ts";
import { useCan } from "../../../components/auth/can.tsx";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { Instant } from "../../../components/ui/instant.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { usePreviewHealthRules, usePublishHealthRules } from "../api.ts";
import { RulesPreview } from "./rules-preview.tsx";

/** A number of a rule: its field, its label, and the bounds the schema sets. */
interface RuleField {
  field: string;
  label: string;
  min: number;
  max: number;
}

const points = (label = "Points"): RuleField => ({ field: "points", label, min: 0, max: 100 });

/** Each rule's numbers, in the order its sentence reads them. */
const RULE_FIELDS: Record<HealthRuleKey, RuleField[]> = {
  missedShare: [
    { field: "percent", label: "Missed share (%)", min: 1, max: 100 },
    points(),
    { field: "highPercent", label: "Higher missed share (%)", min: 1, max: 100 },
    { field: "highPoints", label: "Points at the higher share", min: 0, max: 100 },
  ],
  consecutiveMisses: [{ field: "count", label: "Misses in a row", min: 2, max: 10 }, points()],
  dosage: [{ field: "percent", label: "Share of the planned minutes (%)", min: 1, max: 100 }, points()],
  lowEngagement: [
    { field: "atMost", label: "Engagement rated at most (of 5)", min: 1, max: 5 },
    { field: "count", label: "Low reports", min: 1, max: 10 },
    { field: "ofLast", label: "Of the last reports", min: 1, max: 10 },
    points(),
  ],
  understandingFalling: [
    { field: "drop", label: "Drop (points of 5)", min: 1, max: 4 },
    { field: "overReports", label: "Over the last reports", min: 2, max: 10 },
    points(),
  ],
  noRecentSession: [{ field: "days", label: "Days without a session attended", min: 1, max: 120 }, points()],
  homeworkNotDone: [
    { field: "percent", label: "Share not done (%)", min: 1, max: 100 },
    { field: "ofLast", label: "Of the last reports that set some", min: 1, max: 20 },
    points(),
  ],
};

type IssuePath = readonly PropertyKey[];

/**
 * The form field an issue names: the request's paths begin with "rules" (the body's rules, for
 * publish and preview alike), the form's values are those rules. Others (the version edited
 * from) have no field.
 */
const fieldOf = (path: IssuePath): string | null => (path[0] === "rules" && path.length > 1 ? path.slice(1).map(String).join(".") : null);

/** Every number filled in: a rule half typed reads nothing sensible in words. */
const complete = (value: unknown): boolean =>
  typeof value === "object" && value !== null ? Object.values(value).every(complete) : typeof value === "number" || typeof value === "boolean";

const sameRules = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The rules in force as a form: the window, the bands, and each rule on or off, its numbers and
 * whether families see it, each read back in words as it changes. "Preview" shows who would
 * change band; "Publish" says what changed and publishes the next version from this one.
 */
export function RulesEditor({ current, onStale, onPublished }: { current: HealthRulesVersion; onStale: (message: string) => void; onPublished: () => void }) {
  const canPublish = useCan("admin:health:write");
  const preview = usePreviewHealthRules();
  const publish = usePublishHealthRules(onStale);
  const [confirming, confirm] = useDisclosure(false);
  const { form, onSubmit, send, formError } = useApiForm(healthRulesPublishSchema, publish, {
    initialValues: current.rules,
    input: (values) => ({ baseVersion: current.version, rules: values }),
    fieldOf,
  });
  const values = form.getValues();
  // A field emptied is a change too: Publish then says what is missing.
  const edited = !sameRules(values, current.rules);
  const changes = complete(values) ? describeHealthRuleChanges(current.rules, values) : [];
  const previewed = preview.phase === "done" && preview.result ? { result: preview.result, rules: preview.rules } : null;

  const runPreview = (rules: HealthRules) =>
    preview.start(rules, {
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        const errors = Object.fromEntries(error.issues.flatMap((issue) => (fieldOf(issue.path) ? [[fieldOf(issue.path)!, issue.message]] : [])));
        form.setErrors(errors);
      },
    });

  // Both buttons submit, so that both validate first (and focus the first field in error); the
  // one pressed says what follows. Enter in a field previews (the first submit button).
  const previewSubmit = onSubmit(runPreview);
  const publishSubmit = onSubmit(() => confirm.open());
  const submit = (event: FormEvent<HTMLFormElement>) =>
    ((event.nativeEvent as SubmitEvent).submitter?.dataset.intent === "publish" ? publishSubmit : previewSubmit)(event);

  // The question closes once the answer is in: a refusal then shows on its fields or above the buttons.
  const publishNow = () =>
    void send({ baseVersion: current.version, rules: values }, (published) => {
      preview.reset();
      onPublished();
      notifySuccess(`Version ${published.version} published`, "Every active student's card is scored again under it within a minute.");
    }).then(confirm.close);

  const numberProps = (path: string) => ({ ...form.getInputProps(path), clampBehavior: "none" as const, allowDecimal: false });

  return (
    <form onSubmit={submit} noValidate aria-label="Health rules">
      <Stack gap="lg">
        <Text size="sm">
          Version {current.version} is in force
          {current.publishedByName ? (
            <>
              , published <Instant at={current.publishedAt} /> by {current.publishedByName}.
            </>
          ) : (
            ": the defaults every workspace starts with."
          )}
        </Text>
        <Fieldset legend="Window and bands">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Every rule reads the weeks of the window. A score is the sum of the points of the rules that fire (at most 100).
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              <NumberInput label="Window (weeks)" min={2} max={26} {...numberProps("windowWeeks")} />
              <NumberInput label="Watch from a score of" min={1} max={100} {...numberProps("watchFrom")} />
              <NumberInput label="Act from a score of" min={1} max={100} {...numberProps("actFrom")} />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        {HEALTH_RULE_KEYS.map((key) => (
          <RuleFieldset key={key} ruleKey={key} values={values} form={form} numberProps={numberProps} />
        ))}
        <FormError error={formError} title="Could not publish the rules" />
        <FormError
          error={preview.error && !(preview.error instanceof ApiError && preview.error.issues.some((issue) => fieldOf(issue.path))) ? preview.error : null}
          title="Could not preview the rules"
        />
        <Stack gap="xs">
          <Group>
            <Button type="submit" variant="default" loading={preview.isSending}>
              Preview
            </Button>
            {canPublish ? (
              <Button type="submit" disabled={!edited} data-intent="publish">
                Publish
              </Button>
            ) : null}
            {!edited ? (
              <Text size="sm" c="dimmed">
                Nothing changed from version {current.version} yet.
              </Text>
            ) : null}
          </Group>
          {/* Always present, so that what it comes to say is read out: the scoring under way, then its outcome. */}
          <Box role="status" aria-live="polite">
            {preview.phase === "running" ? (
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Loader size="sm" aria-hidden="true" />
                <Text size="sm" style={{ flex: 1 }}>
                  Scoring every active student… In a large workspace this takes up to a minute; you may go on editing, and Preview again to start over.
                </Text>
              </Group>
            ) : null}
            {previewed ? (
              <VisuallyHidden>
                Preview ready: {previewed.result.changed} of {previewed.result.students} active students would change band.
              </VisuallyHidden>
            ) : null}
          </Box>
        </Stack>
        {preview.phase === "failed" ? (
          <Alert color="red" role="alert" title="Could not preview the rules">
            {preview.failure}
          </Alert>
        ) : null}
        {previewed ? <RulesPreview preview={previewed.result} stale={!sameRules(previewed.rules, values)} /> : null}
      </Stack>
      <Modal opened={confirming} onClose={confirm.close} title={`Publish version ${current.version + 1}?`} size="lg">
        <Stack gap="md">
          <Text size="sm">What changes from version {current.version}:</Text>
          <List size="sm" spacing={4}>
            {changes.map((change) => (
              <List.Item key={change}>{change}</List.Item>
            ))}
          </List>
          <Text size="sm">Every active student&apos;s card is scored again under the new version, and families see the changes to the rules they see.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>
              Cancel
            </Button>
            <Button loading={publish.isPending} onClick={publishNow}>
              Publish version {current.version + 1}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}

type RulesForm = UseFormReturnType<HealthRules>;

/** One rule: on or off, its numbers, families or staff only, and the rule in words as it stands. */
function RuleFieldset({
  ruleKey,
  values,
  form,
  numberProps,
}: {
  ruleKey: HealthRuleKey;
  values: HealthRules;
  form: RulesForm;
  numberProps: (path: string) => object;
}) {
  const path = `rules.${ruleKey}`;
  const rule = values.rules[ruleKey];
  return (
    <Fieldset legend={HEALTH_RULE_LABELS[ruleKey]}>
      <Stack gap="sm">
        <Text size="sm" c={rule.enabled ? undefined : "dimmed"}>
          {complete(values) ? describeHealthRule(ruleKey, values) : "Fill in every number to read the rule in words."}
          {rule.enabled ? "" : " (Off: it adds no points.)"}
        </Text>
        <Group gap="xl">
          <Switch label="On" {...form.getInputProps(`${path}.enabled`, { type: "checkbox" })} />
          <Switch
            label="Shown to families"
            description={rule.familyVisible ? "Families see it and its points." : "Staff only: left out of the family's score."}
            {...form.getInputProps(`${path}.familyVisible`, { type: "checkbox" })}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {RULE_FIELDS[ruleKey].map((field) => (
            <NumberInput key={field.field} label={field.label} min={field.min} max={field.max} {...numberProps(`${path}.${field.field}`)} />
          ))}
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}
