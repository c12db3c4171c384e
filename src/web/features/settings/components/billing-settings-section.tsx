import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from "@mantine/core";
import type { BillingSettings } from "../../../../shared/schemas/billing-settings.ts";
import { billingSettingsUpdateSchema, type BillingSettingsUpdate, type TaxRate } from "../../../../shared/schemas/billing-tax.ts";
import { useApiForm, type FieldErrors } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { notifyInfo, notifySuccess } from "../../../lib/notify.ts";
import { hoursText, parseHours, parsePercent, percentText } from "../../billing/format.ts";
import { useBillingSettings, useTaxRateList, useUpdateBillingSettings } from "../../billing/settings-api.ts";
import { usePolicyDocuments } from "../../resources/api.ts";
import { StripePanel } from "./stripe-panel.tsx";
import { TaxRatesPanel } from "./tax-rates-panel.tsx";

/** The form's fields: the API's names (its refusals land on them), every number as typed. */
interface BillingForm {
  pricesIncludeTax: boolean;
  defaultTaxRateId: string | null;
  invoiceNumberFormat: string;
  creditNoteNumberFormat: string;
  paymentTermsDays: number | string;
  overdueReminderDays: string;
  lowBalanceMinutes: string;
  expiryWarningDays: number | string;
  allowCredit: boolean;
  lateCancellationShareBps: string;
  noShowShareBps: string;
  businessAddress: string;
  paymentInstructions: string;
  autopayDisputeWindowDays: number | string;
  cancellationPolicyResourceId: string | null;
}

/** Left empty, a number field is sent as NaN, so that the schema names the field. */
const numberOf = (value: number | string) => (typeof value === "number" ? value : value.trim() === "" ? Number.NaN : Number(value));
/** "7, 14, 30" → [7, 14, 30]; a piece that is not a whole number stays NaN for the schema to name. */
const daysOf = (text: string) =>
  text
    .split(/[,\s]+/)
    .filter(Boolean)
    .map((piece) => (/^\d+$/.test(piece) ? Number(piece) : Number.NaN));

function formOf(settings: BillingSettings): BillingForm {
  return {
    ...settings,
    overdueReminderDays: settings.overdueReminderDays.join(", "),
    lowBalanceMinutes: hoursText(settings.lowBalanceMinutes),
    lateCancellationShareBps: percentText(settings.lateCancellationShareBps),
    noShowShareBps: percentText(settings.noShowShareBps),
  };
}

function settingsOf(values: BillingForm, saved: BillingSettings): BillingSettings {
  // The hours shown for saved minutes that are no whole hundredth of an hour keep those minutes.
  const lowBalance = values.lowBalanceMinutes.trim() === hoursText(saved.lowBalanceMinutes) ? saved.lowBalanceMinutes : parseHours(values.lowBalanceMinutes);
  return {
    pricesIncludeTax: values.pricesIncludeTax,
    defaultTaxRateId: values.defaultTaxRateId,
    invoiceNumberFormat: values.invoiceNumberFormat,
    creditNoteNumberFormat: values.creditNoteNumberFormat,
    paymentTermsDays: numberOf(values.paymentTermsDays),
    overdueReminderDays: daysOf(values.overdueReminderDays),
    lowBalanceMinutes: lowBalance ?? Number.NaN,
    expiryWarningDays: numberOf(values.expiryWarningDays),
    allowCredit: values.allowCredit,
    lateCancellationShareBps: parsePercent(values.lateCancellationShareBps) ?? Number.NaN,
    noShowShareBps: parsePercent(values.noShowShareBps) ?? Number.NaN,
    businessAddress: values.businessAddress,
    paymentInstructions: values.paymentInstructions,
    autopayDisputeWindowDays: numberOf(values.autopayDisputeWindowDays),
    cancellationPolicyResourceId: values.cancellationPolicyResourceId,
  };
}

/** What the typed text cannot say in the schema's words (it counts minutes and basis points). */
function textRules(values: BillingForm): FieldErrors {
  const errors: FieldErrors = {};
  if (values.lowBalanceMinutes.trim() !== "" && parseHours(values.lowBalanceMinutes) === undefined)
    errors.lowBalanceMinutes = "Low-balance threshold must be a number of hours such as 2 or 1.5.";
  for (const [field, label] of [
    ["lateCancellationShareBps", "Late-cancellation share"],
    ["noShowShareBps", "No-show share"],
  ] as const) {
    if (parsePercent(values[field]) === undefined) errors[field] = `${label} must be a percentage from 0 to 100, such as 50 or 12.5.`;
  }
  return errors;
}

function changesOf(values: BillingForm, saved: BillingSettings): BillingSettingsUpdate {
  const next = settingsOf(values, saved);
  const changed = (key: keyof BillingSettings) => JSON.stringify(next[key]) !== JSON.stringify(saved[key]);
  return Object.fromEntries((Object.keys(next) as (keyof BillingSettings)[]).filter(changed).map((key) => [key, next[key]]));
}

/**
 * "Billing" (admins): how invoices are taxed, numbered and paid, the reminders and warnings
 * families get, credit, the cancellation shares, what documents print, and the tax rates.
 */
export function BillingSettingsSection() {
  const settings = useBillingSettings();
  const taxRates = useTaxRateList();
  return (
    <SectionCard title="Billing" description="Tax, invoice numbers, payment terms, reminders, cancellation charges and what invoices print.">
      <QueryState query={settings} label="the billing settings">
        {(data) => <BillingSettingsForm key={JSON.stringify(data)} settings={data} taxRates={taxRates.data?.items ?? []} />}
      </QueryState>
      <TaxRatesPanel query={taxRates} defaultTaxRateId={settings.data?.defaultTaxRateId ?? null} />
      <StripePanel />
    </SectionCard>
  );
}

function BillingSettingsForm({ settings, taxRates }: { settings: BillingSettings; taxRates: readonly TaxRate[] }) {
  const update = useUpdateBillingSettings();
  const { form, onSubmit, send, formError } = useApiForm(billingSettingsUpdateSchema, update, {
    initialValues: formOf(settings),
    input: (values) => settingsOf(values, settings),
    validate: textRules,
  });
  const rateOptions = [
    { value: "", label: "No tax" },
    ...taxRates
      .filter((rate) => !rate.archived || rate.id === settings.defaultTaxRateId)
      .map((rate) => ({ value: rate.id, label: `${rate.name} (${percentText(rate.rateBps)} %)` })),
  ];
  const taxRateProps = form.getInputProps("defaultTaxRateId");
  const documents = usePolicyDocuments();
  const documentOptions = [
    { value: "", label: "None" },
    ...(documents.data ?? []).map((resource) => ({ value: resource.id, label: `${resource.title} (version ${resource.current.version})` })),
  ];
  const documentProps = form.getInputProps("cancellationPolicyResourceId");

  const submit = onSubmit((values) => {
    const changes = changesOf(values, settings);
    if (Object.keys(changes).length === 0) {
      notifyInfo("Nothing to save", "The billing settings are unchanged.");
      return;
    }
    return send(changes, () => notifySuccess("Billing settings saved", "New invoices and credit notes follow them."));
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Switch
          label="Prices include tax"
          description="Off: tax is added on top of each invoice's prices."
          {...form.getInputProps("pricesIncludeTax", { type: "checkbox" })}
        />
        <Select
          label="Default tax rate"
          description="For lines and packages without a rate of their own."
          allowDeselect={false}
          comboboxProps={{ keepMounted: false }}
          data={rateOptions}
          {...taxRateProps}
          value={(taxRateProps.value as string | null) ?? ""}
          onChange={(value) => form.setFieldValue("defaultTaxRateId", value ? value : null)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Invoice number format"
            description="{YYYY} is the year of issue; {NNNN} the number, padded to as many digits as N's."
            {...form.getInputProps("invoiceNumberFormat")}
          />
          <TextInput
            label="Credit note number format"
            description="The same tokens, with a sequence of its own."
            {...form.getInputProps("creditNoteNumberFormat")}
          />
          <NumberInput
            label="Payment terms (days)"
            description="Days from issue to the due date (0 to 365)."
            allowDecimal={false}
            clampBehavior="none"
            {...form.getInputProps("paymentTermsDays")}
          />
          <TextInput
            label="Overdue reminder days"
            description="Days after the due date a reminder goes out, in order, such as 7, 14, 30 (up to 6)."
            {...form.getInputProps("overdueReminderDays")}
          />
          <TextInput
            label="Low-balance threshold (hours)"
            description="Families are told when a child's package hours fall to this. 0 for never."
            inputMode="decimal"
            {...form.getInputProps("lowBalanceMinutes")}
          />
          <NumberInput
            label="Expiry warning (days)"
            description="Families are told this many days before package hours expire. 0 for never."
            allowDecimal={false}
            clampBehavior="none"
            {...form.getInputProps("expiryWarningDays")}
          />
          <NumberInput
            label="Autopay waiting time (days)"
            description="Autopay charges an invoice this many days after its issue, so that the family can question a line first."
            allowDecimal={false}
            clampBehavior="none"
            {...form.getInputProps("autopayDisputeWindowDays")}
          />
          <TextInput
            label="Late-cancellation share (%)"
            description="Of the session's price, charged for a late cancellation."
            inputMode="decimal"
            rightSection="%"
            {...form.getInputProps("lateCancellationShareBps")}
          />
          <TextInput
            label="No-show share (%)"
            description="Of the session's price, charged when a student does not come."
            inputMode="decimal"
            rightSection="%"
            {...form.getInputProps("noShowShareBps")}
          />
        </SimpleGrid>
        <Select
          label="Cancellation policy document"
          description="A document of your library for parents that asks them to acknowledge it. Each late cancellation and no-show then names its version, and families see when they acknowledged it."
          allowDeselect={false}
          comboboxProps={{ keepMounted: false }}
          data={documentOptions}
          nothingFoundMessage="No document for parents asks for acknowledgement yet: add one in Resources."
          {...documentProps}
          value={(documentProps.value as string | null) ?? ""}
          onChange={(value) => form.setFieldValue("cancellationPolicyResourceId", value ? value : null)}
        />
        <Switch
          label="Allow credit"
          description="On: package hours start when the invoice is issued. Off: when it is paid in full."
          {...form.getInputProps("allowCredit", { type: "checkbox" })}
        />
        <Textarea
          label="Business address"
          description="Printed at the top of invoices and credit notes."
          autosize
          minRows={3}
          {...form.getInputProps("businessAddress")}
        />
        <Textarea
          label="Payment instructions"
          description="Printed on invoices: how to pay (bank details, reference)."
          autosize
          minRows={3}
          {...form.getInputProps("paymentInstructions")}
        />
        <FormError error={formError} title="Could not save the billing settings" />
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save billing settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
