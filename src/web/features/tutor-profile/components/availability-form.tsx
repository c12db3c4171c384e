import { ActionIcon, Alert, Button, Divider, Group, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMediaQuery } from "@mantine/hooks";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { Fragment } from "react";
import { WEEKDAY_LABELS, type TutorDetail } from "../../../../shared/schemas/tutors.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { useSaveOwnAvailability } from "../api.ts";
import { availabilityOf, rowErrors, rowsOf, slotFor, validateRows, type SlotRow } from "../availability-rows.ts";
import { notifySuccess } from "../../../lib/notify.ts";

const useAvailabilityForm = (profile: TutorDetail) =>
  useForm<{ slots: SlotRow[] }>({ initialValues: { slots: rowsOf(profile.availability) }, validate: (values) => validateRows(values.slots) });
type Form = ReturnType<typeof useAvailabilityForm>;

/**
 * "Weekly availability": for each weekday, the times the tutor can teach, in the tutor's time
 * zone; slots are added and removed per day and saved together. An overlap is shown on the
 * slot that overlaps.
 */
export function AvailabilityForm({ profile }: { profile: TutorDetail }) {
  const save = useSaveOwnAvailability();
  const form = useAvailabilityForm(profile);

  const submit = form.onSubmit((values) =>
    save.mutate(availabilityOf(values.slots), {
      onSuccess: (saved) => {
        const next = { slots: rowsOf(saved.availability) };
        form.setInitialValues(next);
        form.setValues(next);
        const count = saved.availability.length;
        notifySuccess(
          "Availability saved",
          count === 0 ? "You have no weekly availability now." : `${count} ${count === 1 ? "time slot" : "time slots"} a week.`,
        );
      },
      onError: (error) => form.setErrors(error instanceof ApiError ? rowErrors(error.issues) : {}),
    }),
  );

  const listError = typeof form.errors.slots === "string" ? form.errors.slots : null;
  const unnamed = save.error && !(save.error instanceof ApiError && save.error.issues.length > 0) ? save.error : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Stack gap={0}>
          {WEEKDAY_LABELS.map((day, index) => (
            <Fragment key={day}>
              {index > 0 ? <Divider /> : null}
              <DayRow day={day} weekday={index + 1} form={form} />
            </Fragment>
          ))}
        </Stack>
        {listError ? (
          <Text size="sm" c="red.9" role="alert">
            {listError}
          </Text>
        ) : null}
        {unnamed ? (
          <Alert color="red" role="alert" title="Could not save your availability">
            {unnamed.message}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save availability
          </Button>
          {form.isDirty() ? (
            <Button variant="subtle" onClick={() => form.reset()} disabled={save.isPending}>
              Discard changes
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

function DayRow({ day, weekday, form }: { day: string; weekday: number; form: Form }) {
  // Narrow screens: the day and "Add time" on one line, the slots below it.
  const wide = useMediaQuery("(min-width: 48em)", true, { getInitialValueInEffect: false });
  const slots = form.values.slots.map((slot, position) => ({ slot, position })).filter(({ slot }) => slot.weekday === weekday);
  const headingId = `availability-${weekday}`;
  const label = (
    <Text id={headingId} fw={600} size="sm" w={wide ? 110 : undefined} pt={wide ? 8 : 0}>
      {day}
    </Text>
  );
  const add = (
    <Button
      variant="subtle"
      size="compact-sm"
      mt={wide ? 6 : 0}
      leftSection={<IconPlus size={16} aria-hidden="true" />}
      aria-label={`Add a time on ${day}`}
      onClick={() => form.insertListItem("slots", slotFor(form.values.slots, weekday))}
    >
      Add time
    </Button>
  );
  const list = (
    <Stack gap="xs" style={{ flex: "1 1 auto" }}>
      {slots.length === 0 ? (
        <Text size="sm" c="dimmed" pt={wide ? 8 : 0}>
          Not available
        </Text>
      ) : (
        slots.map(({ slot, position }, index) => (
          <Group key={slot.key} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput type="time" aria-label={`${day}, slot ${index + 1}: from`} w={130} {...form.getInputProps(`slots.${position}.startsAt`)} />
            <Text size="sm" pt={8} aria-hidden="true">
              to
            </Text>
            <TextInput type="time" aria-label={`${day}, slot ${index + 1}: to`} w={130} {...form.getInputProps(`slots.${position}.endsAt`)} />
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              mt={2}
              aria-label={`Remove ${day} slot ${index + 1}`}
              onClick={() => form.removeListItem("slots", position)}
            >
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
        ))
      )}
    </Stack>
  );
  return wide ? (
    <Group py="sm" align="flex-start" gap="sm" role="group" aria-labelledby={headingId} wrap="nowrap">
      {label}
      {list}
      {add}
    </Group>
  ) : (
    <Stack py="sm" gap="xs" role="group" aria-labelledby={headingId}>
      <Group justify="space-between" wrap="nowrap">
        {label}
        {add}
      </Group>
      {list}
    </Stack>
  );
}
