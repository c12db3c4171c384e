import { Button, Group, Select, SimpleGrid, Stack, TagsInput, Textarea, TextInput } from "@mantine/core";
import { useMemo } from "react";
import { z } from "zod";
import { subjectsField, longTextField } from "../../../../shared/schemas/fields.ts";
import { TUTOR_STATUSES, type TutorDetail, type TutorProfileUpdate, type TutorStatus } from "../../../../shared/schemas/tutors.ts";
import { regionTimeZoneField } from "../../../../shared/schemas/workspace.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";

import { currencySymbol, moneyText } from "../../../lib/format-money.ts";
import { COMMON_SUBJECTS, readMoney } from "../../students/format.ts";
import { useUpdateTutor } from "../api.ts";
import { notifyInfo, notifySuccess } from "../../../lib/notify.ts";
import { TUTOR_STATUS_LABELS } from "./tutors-list.tsx";
import { timeZoneOptions } from "../../../lib/time-zones.ts";
import { SectionCard } from "../../../components/ui/section-card.tsx";

const profileSchema = z.object({
  subjects: subjectsField,
  bio: longTextField("Bio", 2000),
  timeZone: regionTimeZoneField,
  status: z.enum(TUTOR_STATUSES, { error: "Status must be active or inactive." }),
});
type ProfileValues = { subjects: string[]; bio: string; timeZone: string; status: TutorStatus };

const profileValues = (tutor: TutorDetail): ProfileValues => ({
  subjects: [...tutor.subjects],
  bio: tutor.bio,
  timeZone: tutor.timeZone,
  status: tutor.status,
});

function profileChanges(values: ProfileValues, tutor: TutorDetail): TutorProfileUpdate {
  const changes: Record<string, unknown> = {};
  const subjects = values.subjects.map((subject) => subject.trim()).filter(Boolean);
  if (subjects.join("\n") !== tutor.subjects.join("\n")) changes.subjects = subjects;
  if (values.bio.trim() !== tutor.bio) changes.bio = values.bio.trim();
  if (values.timeZone !== tutor.timeZone) changes.timeZone = values.timeZone;
  if (values.status !== tutor.status) changes.status = values.status;
  return changes as TutorProfileUpdate;
}

/** "Profile": what the tutor teaches, the bio families read, the time zone and whether they take students. */
export function TutorProfileSection({ tutor }: { tutor: TutorDetail }) {
  const update = useUpdateTutor(tutor.memberId);
  const timeZones = useMemo(() => timeZoneOptions(tutor.timeZone), [tutor.timeZone]);
  const { form, onSubmit, send, formError } = useApiForm(profileSchema, update, { initialValues: profileValues(tutor) });

  const submit = onSubmit((values) => {
    const changes = profileChanges(values, tutor);
    if (Object.keys(changes).length === 0) {
      notifyInfo("Nothing to save", "The profile is unchanged.");
      return;
    }
    return send(changes, (saved) => {
      const next = profileValues(saved);
      form.setInitialValues(next);
      form.setValues(next);
      notifySuccess("Profile saved", `${saved.name}'s profile is up to date.`);
    });
  });

  return (
    <SectionCard title="Profile" description="The tutor can also edit their subjects, bio and time zone in their own settings.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TagsInput
            label="Subjects"
            description="Press Enter after each subject."
            data={COMMON_SUBJECTS}
            maxTags={20}
            clearable
            clearButtonProps={{ "aria-label": "Clear all subjects" }}
            comboboxProps={{ keepMounted: false }}
            {...form.getInputProps("subjects")}
          />
          <Textarea label="Bio" description="A few lines families read about the tutor." autosize minRows={3} maxRows={10} {...form.getInputProps("bio")} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label="Time zone"
              description="Availability is in this zone."
              searchable
              allowDeselect={false}
              nothingFoundMessage="No time zone matches"
              maxDropdownHeight={280}
              data={timeZones}
              required
              withAsterisk={false}
              {...form.getInputProps("timeZone")}
            />
            <Select
              label="Status"
              description="Inactive tutors keep their history but take no new students."
              data={TUTOR_STATUSES.map((status) => ({ value: status, label: TUTOR_STATUS_LABELS[status] }))}
              allowDeselect={false}
              {...form.getInputProps("status")}
            />
          </SimpleGrid>
          <FormError error={formError} title="Could not save the profile" />
          <Group>
            <Button type="submit" loading={update.isPending}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}

type RateValues = { payRate: string; chargeRate: string };
const RATE_FIELDS: Record<string, keyof RateValues> = { payRateMinor: "payRate", chargeRateMinor: "chargeRate" };

/** "Rates": what the tutor is paid and what families are charged by default, per hour, in the workspace currency. */
export function TutorRatesSection({ tutor, currency }: { tutor: TutorDetail; currency: string }) {
  const update = useUpdateTutor(tutor.memberId);
  const initial = (saved: TutorDetail): RateValues => ({
    payRate: moneyText(saved.payRateMinor, currency),
    chargeRate: moneyText(saved.chargeRateMinor, currency),
  });
  // Rates are typed as money text, read here; the API names its fields in minor units.
  const { form, onSubmit, send, formError } = useApiForm(null, update, {
    initialValues: initial(tutor),
    validate: (values) => {
      const errors: Record<string, string> = {};
      const pay = readMoney(values.payRate, currency, "Pay rate");
      const charge = readMoney(values.chargeRate, currency, "Default charge rate");
      if ("error" in pay) errors.payRate = pay.error;
      if ("error" in charge) errors.chargeRate = charge.error;
      return errors;
    },
    fieldOf: (path) => RATE_FIELDS[String(path[0])] ?? null,
  });

  const submit = onSubmit((values) => {
    const pay = readMoney(values.payRate, currency, "Pay rate");
    const charge = readMoney(values.chargeRate, currency, "Default charge rate");
    if (!("minor" in pay) || !("minor" in charge)) return;
    const changes: TutorProfileUpdate = {};
    if (pay.minor !== tutor.payRateMinor) changes.payRateMinor = pay.minor;
    if (charge.minor !== tutor.chargeRateMinor) changes.chargeRateMinor = charge.minor;
    if (Object.keys(changes).length === 0) {
      notifyInfo("Nothing to save", "The rates are unchanged.");
      return;
    }
    return send(changes, (saved) => {
      const next = initial(saved);
      form.setInitialValues(next);
      form.setValues(next);
      notifySuccess("Rates saved", `${saved.name}'s rates are up to date.`);
    });
  });
  const symbol = <span aria-hidden="true">{currencySymbol(currency)}</span>;

  return (
    <SectionCard title="Rates" description={`Per hour, in ${currency}. Leave a rate empty if it is not set yet.`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={`Pay rate (${currency} per hour)`}
              description="What the tutor earns for an hour of teaching."
              inputMode="decimal"
              leftSection={symbol}
              {...form.getInputProps("payRate")}
            />
            <TextInput
              label={`Default charge rate (${currency} per hour)`}
              description="What families are charged, unless an assignment overrides it."
              inputMode="decimal"
              leftSection={symbol}
              {...form.getInputProps("chargeRate")}
            />
          </SimpleGrid>
          <FormError error={formError} title="Could not save the rates" />
          <Group>
            <Button type="submit" loading={update.isPending}>
              Save rates
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
