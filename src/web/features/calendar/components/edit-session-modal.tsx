import { Alert, Button, Group, Modal, Radio, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { sessionUpdateSchema, type Session, type SessionUpdateScope } from "../../../../shared/schemas/sessions.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { outsideAvailabilityOf, useUpdateSession } from "../api.ts";
import { zoneLabel } from "../../../lib/format-time.ts";
import { describeWhen } from "../format.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { fieldValuesOf, updateRequest, type SessionFieldValues } from "../session-update.ts";
import { OutsideAvailabilityAlert, PlaceAndNotesFields, RefusalAlert, requiredTimes, sharedFieldOf, SubjectAndTimeFields } from "./session-fields.tsx";

interface EditValues extends SessionFieldValues {
  scope: SessionUpdateScope;
}

interface EditProps {
  area: "admin" | "tutor";
  timeZone: string;
  /** Closed without saving. */
  onCancel: () => void;
  /** Saved: the first session changed. */
  onSaved: (first: Session | null) => void;
}

/**
 * "Edit session": the keyboard's way to move a session, and the way to change its subject,
 * place and notes; for an occurrence of a series, this one or it and the following ones.
 */
export function EditSessionModal({ session, ...props }: EditProps & { session: Session | null }) {
  return (
    <Modal opened={session !== null} onClose={props.onCancel} title="Edit session" size="lg" centered>
      {session ? <EditForm key={session.id} session={session} {...props} /> : null}
    </Modal>
  );
}

function EditForm({ area, timeZone, session, onCancel, onSaved }: EditProps & { session: Session }) {
  const update = useUpdateSession(area);
  const [unchanged, setUnchanged] = useState(false);
  // The request's schema checks what would be sent (nothing when no field changed).
  const { form, onSubmit, send, formError } = useApiForm(sessionUpdateSchema, update, {
    initialValues: { ...fieldValuesOf(session), scope: "this" } as EditValues,
    input: (values) => updateRequest(session, values, values.scope, timeZone),
    fieldOf: sharedFieldOf,
    validate: requiredTimes,
  });
  const values = form.getValues();

  const save = (confirm: boolean) => {
    const current = form.getValues();
    const request = updateRequest(session, current, current.scope, timeZone);
    setUnchanged(request === null);
    if (!request) return;
    return send({ sessionId: session.id, input: { ...request, ...(confirm ? { confirmOutsideAvailability: true } : {}) } }, (batch) => {
      const first = batch.items[0] ?? null;
      onSaved(first);
      notifySuccess(
        batch.items.length === 1 ? "Session updated" : `${batch.items.length} sessions updated`,
        first ? `${batch.items.length === 1 ? "On" : "From"} ${describeWhen(first, timeZone)}.` : "",
      );
    });
  };

  // A time outside the tutor's availability is asked about, not refused.
  const outside = outsideAvailabilityOf(formError);
  const otherError = outside ? null : formError;
  const inputProps = (field: keyof SessionFieldValues) => form.getInputProps(field);

  return (
    <form onSubmit={onSubmit(() => save(false))} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {session.students.map((student) => student.name).join(", ")} with {session.tutor.name}. Times in <strong>{zoneLabel(timeZone)}</strong>.
        </Text>
        <SubjectAndTimeFields inputProps={inputProps} />
        <PlaceAndNotesFields inputProps={inputProps} />
        {session.seriesId ? (
          <Radio.Group
            label="Which sessions"
            description="A new day or time moves each following session by as many days, to the same time."
            value={values.scope}
            onChange={(value) => form.setFieldValue("scope", value as SessionUpdateScope)}
          >
            <Stack gap={6} mt={6}>
              <Radio value="this" label="This session only" />
              <Radio value="following" label="This and the following sessions of the series" />
            </Stack>
          </Radio.Group>
        ) : null}
        {unchanged ? (
          <Alert color="gray" role="status" title="Nothing to save">
            No field was changed.
          </Alert>
        ) : null}
        {outside ? (
          <OutsideAvailabilityAlert message={outside} confirmLabel="Save anyway" pending={update.isPending} onConfirm={() => void save(true)} />
        ) : null}
        <RefusalAlert error={otherError} title="Could not save the changes" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending && !outside}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
