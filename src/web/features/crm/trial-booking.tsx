import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconCalendarPlus } from "@tabler/icons-react";
import { useState } from "react";
import { trialBookSchema, TRIAL_MAX_MINUTES, type TrialBook } from "../../../shared/schemas/crm-trials.ts";
import { useApiForm } from "../../components/forms/use-api-form.ts";
import { formatSpan } from "../../lib/format-time.ts";
import { notifySuccess } from "../../lib/notify.ts";
import { outsideAvailabilityOf } from "../calendar/api.ts";
import { OutsideAvailabilityAlert, RefusalAlert } from "../calendar/components/session-fields.tsx";
import { useDisplayTimeZone } from "../session/display-time-zone.ts";
import { useTutorOptions } from "../tutors/api.ts";
import type { CrmArea } from "./api.ts";
import { leadTitle } from "./format.ts";
import { type CrmLeadRef, useBookTrial } from "./trials-api.ts";

interface BookingValues {
  tutorMemberId: string | null;
  date: string;
  startTime: string;
  durationMinutes: number | string;
  subject: string;
  location: string;
}

/** The request for the form's values, the times written in the viewer's display zone. */
function toRequest(values: BookingValues, area: CrmArea, timeZone: string | undefined, confirm: boolean): TrialBook {
  return {
    ...(area === "admin" && values.tutorMemberId ? { tutorMemberId: values.tutorMemberId } : {}),
    startsAt: `${values.date}T${values.startTime}`,
    durationMinutes: Number(values.durationMinutes),
    ...(timeZone ? { timeZone } : {}),
    ...(values.subject.trim() ? { subject: values.subject.trim() } : {}),
    ...(values.location.trim() ? { location: values.location.trim() } : {}),
    ...(confirm ? { confirmOutsideAvailability: true } : {}),
  };
}

/** The form field an issue of the request names. */
function fieldOf(path: readonly PropertyKey[]): keyof BookingValues | null {
  const [first] = path;
  if (first === "startsAt") return "startTime";
  if (first === "tutorMemberId" || first === "durationMinutes" || first === "subject" || first === "location") return first;
  return null;
}

/**
 * "Book a trial": a button and its dialog, for a lead's page. The trial goes on the tutor's
 * calendar with the same clash and availability checks as any session (a tutor books their
 * own; an admin chooses the tutor), and the lead moves on to Trial booked.
 */
export function TrialBookingButton({ area, lead }: { area: CrmArea; lead: CrmLeadRef }) {
  const [opened, setOpened] = useState(false);
  if (lead.convertedAt) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconCalendarPlus size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Book a trial
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`Book a trial for ${leadTitle(lead)}`} size="lg" centered>
        {opened ? <BookingForm area={area} lead={lead} onDone={() => setOpened(false)} /> : null}
      </Modal>
    </>
  );
}

function BookingForm({ area, lead, onDone }: { area: CrmArea; lead: CrmLeadRef; onDone: () => void }) {
  const { timeZone } = useDisplayTimeZone();
  const tutors = useTutorOptions("", area === "admin");
  const mutation = useBookTrial(area, lead.id);
  const [confirming, setConfirming] = useState(false);
  const { form, onSubmit, send, formError } = useApiForm(trialBookSchema, mutation, {
    initialValues: {
      tutorMemberId: area === "admin" && lead.owner ? lead.owner.memberId : null,
      date: "",
      startTime: "16:00",
      durationMinutes: 60,
      subject: lead.subjects[0] ?? "",
      location: "",
    } as BookingValues,
    input: (values) => toRequest(values, area, timeZone, false),
    fieldOf,
    validate: (values) => {
      const errors: Record<string, string> = {};
      if (area === "admin" && !values.tutorMemberId) errors.tutorMemberId = "Choose the tutor.";
      if (!values.date) errors.date = "Date is required.";
      if (!values.startTime) errors.startTime = "Start time is required.";
      return errors;
    },
  });
  const outside = outsideAvailabilityOf(mutation.error);
  const book = (values: BookingValues, confirm: boolean) =>
    send(toRequest(values, area, timeZone, confirm), (trial) => {
      onDone();
      notifySuccess("Trial booked", `${trial.subject} with ${trial.tutor.name}, ${formatSpan(trial.startsAt, trial.endsAt, timeZone ?? trial.timeZone)}.`);
    });
  const submit = onSubmit((values) => book(values, false));
  const tutorOptions = (tutors.data?.items ?? []).filter((tutor) => tutor.status === "active").map((tutor) => ({ value: tutor.memberId, label: tutor.name }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">The trial goes on the tutor&apos;s calendar as a lesson without students until the lead converts.</Text>
        {area === "admin" ? (
          <Select
            label="Tutor"
            withAsterisk
            searchable
            data={tutorOptions}
            nothingFoundMessage={tutors.isPending ? "Loading tutors…" : "No active tutor"}
            {...form.getInputProps("tutorMemberId")}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <TextInput type="date" label="Date" withAsterisk data-autofocus {...form.getInputProps("date")} />
          <TextInput type="time" label="Start time" withAsterisk {...form.getInputProps("startTime")} />
          <NumberInput label="Minutes" withAsterisk min={15} max={TRIAL_MAX_MINUTES} step={15} {...form.getInputProps("durationMinutes")} />
        </SimpleGrid>
        {timeZone ? (
          <Text size="xs" c="dimmed">
            Times in {timeZone}.
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Subject" description="The lead's first subject if left empty." maxLength={60} {...form.getInputProps("subject")} />
          <TextInput label="Location" description="Optional." maxLength={200} {...form.getInputProps("location")} />
        </SimpleGrid>
        {outside ? (
          <OutsideAvailabilityAlert
            message={outside}
            confirmLabel="Book it anyway"
            pending={mutation.isPending && confirming}
            onConfirm={() => {
              setConfirming(true);
              book(form.getValues(), true);
            }}
          />
        ) : (
          <RefusalAlert error={formError} title="Could not book the trial" />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending && !confirming}>
            Book trial
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
