import { ActionIcon, Button, Divider, Grid, Group, Stack, Text, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import type { UseMutationResult } from "@tanstack/react-query";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { Fragment, useId } from "react";
import { WEEKDAY_LABELS, type Availability, type TutorDetail } from "../../../../shared/schemas/tutors.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { notifySuccess } from "../../../lib/notify.ts";
import { useUpdateAvailability } from "../api.ts";
import { availabilityOf, newSlot, rowFieldOf, rowsFrom, validateRows, type SlotRow } from "../availability.ts";

type SlotValues = { slots: SlotRow[] };

/** Where the availability is saved: an admin's PUT /admin/tutors/:id/availability or the tutor's own PUT /tutor/availability. */
export type SaveAvailability = UseMutationResult<TutorDetail, Error, Availability>;

/** "Weekly availability" on an admin's page of a tutor. */
export function AvailabilitySection({ tutor }: { tutor: TutorDetail }) {
  const save = useUpdateAvailability(tutor.memberId);
  return (
    <SectionCard title="Weekly availability" description={`When ${tutor.name} can teach, in the tutor's time zone (${tutor.timeZone.replaceAll("_", " ")}).`}>
      <AvailabilityEditor tutor={tutor} save={save} />
    </SectionCard>
  );
}

/**
 * The weekly availability editor, for an admin on a tutor's page and for the tutor in their
 * settings: for each weekday, the times the tutor can teach, in the tutor's time zone. Slots
 * are added and removed per day and saved together; an overlap is shown on the slot that
 * overlaps. `save` is the mutation of the area that shows it.
 */
export function AvailabilityEditor({ tutor, save }: { tutor: TutorDetail; save: SaveAvailability }) {
  const { form, onSubmit, send, formError } = useApiForm(null, save, {
    initialValues: { slots: rowsFrom(tutor.availability) } as SlotValues,
    validate: (values) => validateRows(values.slots),
    fieldOf: (path, values) => rowFieldOf(values.slots, path),
  });

  const submit = onSubmit((values) =>
    send(availabilityOf(values.slots), (saved) => {
      const next = { slots: rowsFrom(saved.availability) };
      form.setInitialValues(next);
      form.setValues(next);
      const count = saved.availability.length;
      notifySuccess("Availability saved", count === 0 ? "No weekly availability now." : `${count} ${count === 1 ? "time slot" : "time slots"} a week.`);
    }),
  );

  const listError = typeof form.errors.slots === "string" ? form.errors.slots : null;
  const total = form.values.slots.length;

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
          <Text size="sm" c="red" role="alert">
            {listError}
          </Text>
        ) : null}
        <FormError error={formError} title="Could not save the availability" />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save availability
          </Button>
          {form.isDirty() ? (
            <Button variant="subtle" onClick={() => form.reset()} disabled={save.isPending}>
              Discard changes
            </Button>
          ) : null}
          <Text size="sm" c="dimmed">
            {total === 0 ? "No times yet." : `${total} ${total === 1 ? "time slot" : "time slots"} a week.`}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}

function DayRow({ day, weekday, form }: { day: string; weekday: number; form: UseFormReturnType<SlotValues> }) {
  const headingId = useId();
  const mine = form.values.slots.map((slot, position) => ({ slot, position })).filter(({ slot }) => slot.weekday === weekday);
  const add = () => form.insertListItem("slots", newSlot(form.values.slots, weekday));
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
            <AddButton day={day} onAdd={add} />
          </Group>
        ) : (
          <Stack gap="xs">
            {mine.map(({ slot, position }, index) => {
              const name = `${day} slot ${index + 1}`;
              const start = form.getInputProps(`slots.${position}.startsAt`);
              const end = form.getInputProps(`slots.${position}.endsAt`);
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
                    <ActionIcon variant="subtle" color="gray" size={36} aria-label={`Remove ${name}`} onClick={() => form.removeListItem("slots", position)}>
                      <IconTrash size={18} aria-hidden="true" />
                    </ActionIcon>
                  </Group>
                  {message ? (
                    <Text id={messageId} size="sm" c="red" mt={4}>
                      {message}
                    </Text>
                  ) : null}
                </div>
              );
            })}
            <Group>
              <AddButton day={day} onAdd={add} />
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
