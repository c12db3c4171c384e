import { Box, Button, Group, Select, SimpleGrid, Stack, Switch, TextInput } from "@mantine/core";
import { PAY_PERIOD_KINDS } from "../../../../shared/pay-states.ts";
import { paySettingsUpdateSchema, type PaySettings, type PaySettingsUpdate } from "../../../../shared/schemas/tutor-pay.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { notifyInfo, notifySuccess } from "../../../lib/notify.ts";
import { usePaySettings, useUpdatePaySettings } from "../../tutor-pay/api.ts";
import { PAY_PERIOD_LABELS } from "../../tutor-pay/format.ts";

const PERIOD_OPTIONS = PAY_PERIOD_KINDS.map((kind) => ({ value: kind, label: PAY_PERIOD_LABELS[kind] }));

/** "Tutor pay" (admins): the pay period of the workspace's pay runs, and whether sessions wait for their invoice to be paid. */
export function PaySettingsSection() {
  const settings = usePaySettings();
  return (
    // The pay runs screen links here (#pay-settings).
    <Box id="pay-settings">
      <SectionCard title="Tutor pay" description="How often tutors are paid, and whether a session is paid before the family pays for it.">
        <QueryState query={settings} label="the pay settings">
          {(data) => <PaySettingsForm key={JSON.stringify(data)} settings={data} />}
        </QueryState>
      </SectionCard>
    </Box>
  );
}

function PaySettingsForm({ settings }: { settings: PaySettings }) {
  const update = useUpdatePaySettings();
  const { form, onSubmit, send, formError } = useApiForm(paySettingsUpdateSchema, update, {
    initialValues: settings,
    validate: (values): Record<string, string> => (values.periodAnchorOn ? {} : { periodAnchorOn: "Period start is required." }),
  });

  const submit = onSubmit((values) => {
    const changes: PaySettingsUpdate = Object.fromEntries(
      (Object.keys(values) as (keyof PaySettings)[]).filter((key) => values[key] !== settings[key]).map((key) => [key, values[key]]),
    );
    if (Object.keys(changes).length === 0) {
      notifyInfo("Nothing to save", "The pay settings are unchanged.");
      return;
    }
    return send(changes, () => notifySuccess("Pay settings saved", "The next pay run follows them; confirmed runs stay as they are."));
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label="Pay period" data={PERIOD_OPTIONS} allowDeselect={false} comboboxProps={{ keepMounted: false }} {...form.getInputProps("periodKind")} />
          <TextInput
            type="date"
            label="Period start"
            description="The first day of one weekly or fortnightly period: the others follow every 7 or 14 days. Monthly periods follow the calendar."
            {...form.getInputProps("periodAnchorOn")}
          />
        </SimpleGrid>
        <Switch
          label="Pay a session only once its invoice is paid"
          description="On: a session's pay waits until the family's invoice for it is paid in full. Sessions paid from package hours never wait."
          {...form.getInputProps("payOnlyWhenInvoicePaid", { type: "checkbox" })}
        />
        <FormError error={formError} title="Could not save the pay settings" />
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save pay settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
