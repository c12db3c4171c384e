import { Button, Group, NumberInput, Radio, Stack, Switch } from "@mantine/core";
import { sessionSettingsUpdateSchema, type SessionSettings, type SessionSettingsUpdate } from "../../../../shared/schemas/sessions.ts";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { notifyInfo, notifySuccess } from "../../../lib/notify.ts";
import { useSessionSettings, useUpdateSessionSettings } from "../session-settings-api.ts";
import { FormError } from "../../../components/ui/form-error.tsx";

interface SettingsForm {
  lateCancellationHours: number | string;
  reminderLeadHours: number | string;
  summaryRequiresReview: boolean;
  retention: "keep" | "delete";
  recordingRetentionDays: number | string;
}

/** A number field left empty is sent as NaN, so that the schema names the field ("… must be a number …"). */
const numberOf = (value: number | string) => (typeof value === "number" ? value : value.trim() === "" ? Number.NaN : Number(value));

function settingsOf(values: SettingsForm): SessionSettings {
  return {
    lateCancellationHours: numberOf(values.lateCancellationHours),
    reminderLeadHours: numberOf(values.reminderLeadHours),
    summaryRequiresReview: values.summaryRequiresReview,
    recordingRetentionDays: values.retention === "keep" ? null : numberOf(values.recordingRetentionDays),
  };
}

function formOf(settings: SessionSettings): SettingsForm {
  return {
    lateCancellationHours: settings.lateCancellationHours,
    reminderLeadHours: settings.reminderLeadHours,
    summaryRequiresReview: settings.summaryRequiresReview,
    retention: settings.recordingRetentionDays === null ? "keep" : "delete",
    recordingRetentionDays: settings.recordingRetentionDays ?? 365,
  };
}

function changesOf(values: SettingsForm, saved: SessionSettings): SessionSettingsUpdate {
  const next = settingsOf(values);
  return Object.fromEntries((Object.keys(next) as (keyof SessionSettings)[]).filter((key) => next[key] !== saved[key]).map((key) => [key, next[key]]));
}

/**
 * "Session policies" (admins): the late-cancellation notice, how long before a session the
 * reminder emails go out, whether family summaries wait for an admin's review, and how long
 * recordings are kept.
 */
export function SessionSettingsSection() {
  const settings = useSessionSettings();
  return (
    <SectionCard title="Session policies" description="Cancellations, reminder emails, family summaries and recordings, for every session of the workspace.">
      <QueryState query={settings} label="session policies">
        {(data) => <SessionSettingsForm settings={data} />}
      </QueryState>
    </SectionCard>
  );
}

function SessionSettingsForm({ settings }: { settings: SessionSettings }) {
  const update = useUpdateSessionSettings();
  // The shared schema (the server checks the same) reads the settings the fields make.
  const { form, onSubmit, send, formError } = useApiForm(sessionSettingsUpdateSchema, update, { initialValues: formOf(settings), input: settingsOf });
  const values = form.getValues();

  const submit = onSubmit((formValues) => {
    const changes = changesOf(formValues, settings);
    if (Object.keys(changes).length === 0) {
      notifyInfo("Nothing to save", "The session policies are unchanged.");
      return;
    }
    return send(changes, (saved) => {
      form.setInitialValues(formOf(saved));
      form.setValues(formOf(saved));
      notifySuccess("Session policies saved", "They apply to every session from now on.");
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NumberInput
          label="Late-cancellation notice (hours)"
          description="A session cancelled less than this long before it starts counts as a late cancellation. 0 for none."
          allowDecimal={false}
          clampBehavior="none"
          {...form.getInputProps("lateCancellationHours")}
        />
        <NumberInput
          label="Reminder lead time (hours)"
          description="The tutor, the guardians and students with a login get a reminder email this long before each session (1 to 168 hours)."
          allowDecimal={false}
          clampBehavior="none"
          {...form.getInputProps("reminderLeadHours")}
        />
        <Switch label="Summaries need an admin's review before families see them" {...form.getInputProps("summaryRequiresReview", { type: "checkbox" })} />
        <Radio.Group label="Recordings" {...form.getInputProps("retention")}>
          <Stack gap="xs" mt={6}>
            <Radio value="keep" label="Keep recordings" />
            <Radio value="delete" label="Delete recordings after a number of days" />
          </Stack>
        </Radio.Group>
        {values.retention === "delete" ? (
          <NumberInput
            label="Delete recordings after (days)"
            description="Counted from the upload (1 to 3650 days)."
            allowDecimal={false}
            clampBehavior="none"
            {...form.getInputProps("recordingRetentionDays")}
          />
        ) : null}
        <FormError error={formError} title="Could not save the session policies" />
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save session policies
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
