import { ActionIcon, Alert, Button, Divider, Grid, Group, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { Fragment, useId } from "react";
import { WEEKDAY_LABELS, type TutorDetail } from "../../../../shared/schemas/tutors.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { FormError } from "../../../components/ui/form-error.tsx";

import { useUpdateAvailability } from "../api.ts";
import { availabilityOf, newSlot, rowsFrom, serverErrorsForRows, validateRows, type SlotRow } from "../availability.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { SectionCard } from "../../../components/ui/section-card.tsx";

/**
 * "Weekly availability": for each weekday, the times the tutor can teach, in the tutor's time
 * zone. Slots are added and removed per day and saved together; an overlap is shown on the
 * slot that overlaps.
 */
export function AvailabilitySection({ tutor }: { tutor: TutorDetail }) {
  const update = useUpdateAvailability(tutor.memberId);
  const form = useForm<{ slots: SlotRow[] }>({
    initialValues: { slots: rowsFrom(tutor.availability) },
    validate: (values) => validateRows(values.slots),
  });

  const submit = form.onSubmit((values) =>
    update.mutate(availabilityOf(values.slots), {
      onSuccess: (saved) => {
        const next = { slots: rowsFrom(saved.availability) };
        form.setInitialValues(next);
        form.setValues(next);
        notifySuccess("Availability saved", `${saved.name}'s weekly availability is up to date.`);
      },
      onError: (error) => form.setErrors(error instanceof ApiError ? serverErrorsForRows(error.issues, values.slots) : {}),
    }),
  );

  const serverNamedFields = update.error instanceof ApiError && update.error.issues.length > 0;
  const listError = typeof form.errors.slots === "string" ? form.errors.slots : null;
  const total = form.values.slots.length;

  return (
    <SectionCard title="Weekly availability" description={`When ${tutor.name} can teach, in the tutor's time zone (${tutor.timeZone.replaceAll("_", " ")}).`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Stack gap={0}>
            {WEEKDAY_LABELS.map((day, index) => (
              <Fragment key={day}>
                {index > 0 ? <Divider /> : null}
                <DayRow
                  day={day}
                  weekday={index + 1}
                  slots={form.values.slots}
                  inputProps={(path) => form.getInputProps(path)}
                  onAdd={() => form.insertListItem("slots", newSlot(form.values.slots, index + 1))}
                  onRemove={(position) => form.removeListItem("slots", position)}
                />
              </Fragment>
            ))}
          </Stack>
          {listError ? (
            <Text size="sm" c="red.9" role="alert">
              {listError}
            </Text>
          ) : null}
          <FormError error={update.error && !serverNamedFields ? update.error : null} title="Could not save the availability" />
          {form.isDirty() ? (
            <Alert color="yellow" variant="light" p="xs">
              <Text size="sm">You have unsaved changes to the availability.</Text>
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={update.isPending}>
              Save availability
            </Button>
            <Text size="sm" c="dimmed">
              {total === 0 ? "No times yet." : `${total} ${total === 1 ? "time slot" : "time slots"} a week.`}
            </Text>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}

function DayRow({
  day,
  weekday,
  slots,
  inputProps,
  onAdd,
  onRemove,
}: {
  day: string;
  weekday: number;
  slots: SlotRow[];
  inputProps: (path: string) => ReturnType<ReturnType<typeof useForm<{ slots: SlotRow[] }>>["getInputProps"]>;
  onAdd: () => void;
  onRemove: (position: number) => void;
}) {
  const headingId = useId();
  const mine = slots.map((slot, position) => ({ slot, position })).filter(({ slot }) => slot.weekday === weekday);
  return (
    <Grid py="sm" gap="xs" role="group" aria-labelledby={headingId}>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <Text fw={600} id={headingId} pt={{ base: 0, sm: 6 }}>
          {day}
        </Text>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 9 }}>
        {mine.length === 0 ? (
          <Group gap="sm" pt={{ base: 0, sm: 6 }}>
            <Text size="sm" c="dimmed">
              Not available
            </Text>
            <AddButton day={day} onAdd={onAdd} />
          </Group>
        ) : (
          <Stack gap="xs">
            {mine.map(({ slot, position }, index) => {
              const name = `${day} slot ${index + 1}`;
              const start = inputProps(`slots.${position}.startsAt`);
              const end = inputProps(`slots.${position}.endsAt`);
              // The slot's message goes under the whole row (not squeezed under one time box) and names both boxes.
              const message = (start.error ?? end.error) as string | undefined;
              const messageId = `${headingId}-slot-${index + 1}-error`;
              const described = message ? { "aria-describedby": messageId } : {};
              return (
                <div key={slot.key}>
                  <Group gap="xs" align="center" wrap="nowrap">
                    <TextInput type="time" size="sm" w={132} aria-label={`From, ${name}`} {...start} error={Boolean(start.error)} {...described} />
                    <Text aria-hidden="true">–</Text>
                    <TextInput type="time" size="sm" w={132} aria-label={`To, ${name}`} {...end} error={Boolean(end.error)} {...described} />
                    <ActionIcon variant="subtle" color="gray" size={36} aria-label={`Remove ${name}`} onClick={() => onRemove(position)}>
                      <IconTrash size={18} aria-hidden="true" />
                    </ActionIcon>
                  </Group>
                  {message ? (
                    <Text id={messageId} size="sm" c="red.9" mt={4}>
                      {message}
                    </Text>
                  ) : null}
                </div>
              );
            })}
            <Group>
              <AddButton day={day} onAdd={onAdd} />
            </Group>
          </Stack>
        )}
      </Grid.Col>
    </Grid>
  );
}

function AddButton({ day, onAdd }: { day: string; onAdd: () => void }) {
  return (
    <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} aria-hidden="true" />} aria-label={`Add time on ${day}`} onClick={onAdd}>
      Add time
    </Button>
  );
}
