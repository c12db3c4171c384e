import { Button, Group, Select, Stack, Switch, TextInput } from "@mantine/core";
import { notifySuccess, notifyInfo } from "../../../lib/notify.ts";
import { useMemo } from "react";
import { z } from "zod";
import { workspaceNameField } from "../../../../shared/schemas/fields.ts";
import { currencyField, regionTimeZoneField, type WorkspaceSettings } from "../../../../shared/schemas/workspace.ts";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { useUpdateWorkspaceSettings, useWorkspaceSettings, type WorkspaceSettingsChanges } from "../../workspace/api.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { timeZoneOptions } from "../../../lib/time-zones.ts";
import { SectionCard } from "../../../components/ui/section-card.tsx";

const workspaceFormSchema = z.object({
  name: workspaceNameField,
  timeZone: regionTimeZoneField,
  currency: currencyField,
  joiningOpen: z.boolean(),
});
type WorkspaceForm = z.input<typeof workspaceFormSchema>;

/** Options mounted only while open, so that each label names one element (the combobox), not also a hidden listbox. */
const SINGLE_LABELLED = { keepMounted: false } as const;

/** Currencies tutoring businesses commonly bill in; the workspace's own is added if missing. */
const COMMON_CURRENCIES = ["USD", "EUR", "GBP", "CAD", "AUD", "NZD", "INR", "SGD", "HKD", "ZAR", "CHF", "SEK", "NOK", "DKK", "JPY", "AED", "MXN", "BRL"];

function currencyOptions(current: string) {
  const names = new Intl.DisplayNames(undefined, { type: "currency" });
  const codes = COMMON_CURRENCIES.includes(current) ? COMMON_CURRENCIES : [current, ...COMMON_CURRENCIES];
  return codes.map((code) => ({ value: code, label: `${code} · ${names.of(code) ?? code}` }));
}

function changesOf(values: WorkspaceForm, saved: WorkspaceSettings): WorkspaceSettingsChanges {
  const parsed = workspaceFormSchema.parse(values);
  const changes: WorkspaceSettingsChanges = {};
  if (parsed.name !== saved.name) changes.name = parsed.name;
  if (parsed.timeZone !== saved.timeZone) changes.timeZone = parsed.timeZone;
  if (parsed.currency !== saved.currency) changes.currency = parsed.currency;
  if (parsed.joiningOpen !== saved.joiningOpen) changes.joiningOpen = parsed.joiningOpen;
  return changes;
}

/** "Workspace" (admins): name, time zone, currency and whether joining with the code is open. */
export function WorkspaceSection() {
  const settings = useWorkspaceSettings();
  return (
    <SectionCard title="Workspace" description="How your tutoring business appears, and the time zone and currency it works in.">
      <QueryState query={settings} label="workspace settings">
        {(data) => <WorkspaceForm settings={data} />}
      </QueryState>
    </SectionCard>
  );
}

function WorkspaceForm({ settings }: { settings: WorkspaceSettings }) {
  const update = useUpdateWorkspaceSettings();
  const timeZones = useMemo(() => timeZoneOptions(settings.timeZone), [settings.timeZone]);
  const currencies = useMemo(() => currencyOptions(settings.currency), [settings.currency]);
  const { form, onSubmit, send, formError } = useApiForm(workspaceFormSchema, update, {
    initialValues: { name: settings.name, timeZone: settings.timeZone, currency: settings.currency, joiningOpen: settings.joiningOpen } as WorkspaceForm,
  });

  const submit = onSubmit((values) => {
    const changes = changesOf(values, settings);
    if (Object.keys(changes).length === 0) {
      notifyInfo("Nothing to save", "The workspace settings are unchanged.");
      return;
    }
    return send(changes, (saved) => {
      const next = { name: saved.name, timeZone: saved.timeZone, currency: saved.currency, joiningOpen: saved.joiningOpen };
      form.setInitialValues(next);
      form.setValues(next);
      notifySuccess("Workspace settings saved", `${saved.name} is up to date.`);
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label="Workspace name" required withAsterisk={false} autoComplete="organization" {...form.getInputProps("name")} />
        <Select
          label="Time zone"
          description="Sessions and reports are shown in this zone unless a person chooses their own."
          required
          withAsterisk={false}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No time zone matches"
          maxDropdownHeight={280}
          comboboxProps={SINGLE_LABELLED}
          data={timeZones}
          {...form.getInputProps("timeZone")}
        />
        <Select
          label="Currency"
          description="Rates, packages and invoices use this currency. It stays fixed once any amount is recorded in it."
          required
          withAsterisk={false}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No currency matches"
          comboboxProps={SINGLE_LABELLED}
          data={currencies}
          {...form.getInputProps("currency")}
        />
        <Switch
          label="Joining open"
          description="People with the join code can ask to join. You approve each request."
          {...form.getInputProps("joiningOpen", { type: "checkbox" })}
        />
        <FormError error={formError} title="Could not save the workspace settings" />
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save workspace settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
