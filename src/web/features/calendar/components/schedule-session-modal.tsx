import { Button, Checkbox, Group, Modal, MultiSelect, NumberInput, Radio, Select, Stack, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { sessionCreateSchema, type Session, type SessionCreate } from "../../../../shared/schemas/sessions.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { tutorQuery, useTutorOptions } from "../../tutors/api.ts";
import { outsideAvailabilityOf, useCreateSessions, useTutorStudents } from "../api.ts";
import { zoneLabel } from "../../../lib/format-time.ts";
import { describeWhen, isoDate, wallNow } from "../format.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import type { SessionFieldValues } from "../session-update.ts";
import { OutsideAvailabilityAlert, PlaceAndNotesFields, RefusalAlert, requiredTimes, sharedFieldOf, SubjectAndTimeFields } from "./session-fields.tsx";

interface ScheduleValues extends SessionFieldValues {
  tutorMemberId: string | null;
  studentIds: string[];
  repeat: boolean;
  repeatEnd: "until" | "count";
  until: string;
  count: number | string;
}

/** The request for the form's values (times written in the viewer's zone). */
function toRequest(values: ScheduleValues, area: "admin" | "tutor", timeZone: string): SessionCreate {
  return {
    ...(area === "admin" && values.tutorMemberId ? { tutorMemberId: values.tutorMemberId } : {}),
    studentIds: values.studentIds,
    subject: values.subject,
    startsAt: `${values.date}T${values.startTime}`,
    endsAt: `${values.date}T${values.endTime}`,
    timeZone,
    location: values.location,
    onlineUrl: values.onlineUrl as unknown as string | null,
    notes: values.notes,
    ...(values.repeat
      ? {
          repeat:
            values.repeatEnd === "until"
              ? { frequency: "weekly" as const, until: values.until }
              : { frequency: "weekly" as const, count: Number(values.count) },
        }
      : {}),
  };
}

/** The form field an issue of the request (the shared schema's or the server's) belongs to. */
function fieldOf(path: readonly PropertyKey[], values: ScheduleValues): keyof ScheduleValues | null {
  const [first, second] = path;
  if (first === "repeat") return second === "count" || (second === undefined && values.repeatEnd === "count") ? "count" : "until";
  if (first === "tutorMemberId" || first === "studentIds") return first;
  return sharedFieldOf(path);
}

/** What the request's schema cannot say: which of the form's choices are missing. */
function requiredChoices(values: ScheduleValues, area: "admin" | "tutor"): Record<string, string> {
  const errors: Record<string, string> = requiredTimes(values);
  if (area === "admin" && !values.tutorMemberId) errors.tutorMemberId = "Choose a tutor.";
  if (values.repeat && values.repeatEnd === "until" && !values.until) errors.until = "Give the date of the last session.";
  if (values.repeat && values.repeatEnd === "count" && values.count === "") errors.count = "Give the number of sessions.";
  return errors;
}

function tomorrow(timeZone: string): string {
  return isoDate(new Date(Date.parse(`${wallNow(timeZone).slice(0, 10)}T00:00:00Z`) + 86_400_000));
}

interface ModalProps {
  area: "admin" | "tutor";
  timeZone: string;
  opened: boolean;
  onClose: () => void;
  presetTutorMemberId: string | null;
  onScheduled: (first: Session) => void;
}

/** "Schedule session": one session or a weekly series, with the server's clash and availability checks. */
export function ScheduleSessionModal(props: ModalProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Schedule a session" size="lg" centered>
      {props.opened ? <ScheduleForm {...props} /> : null}
    </Modal>
  );
}

function useScheduleForm(area: "admin" | "tutor", timeZone: string, presetTutorMemberId: string | null, create: ReturnType<typeof useCreateSessions>) {
  return useApiForm(sessionCreateSchema, create, {
    initialValues: {
      tutorMemberId: presetTutorMemberId,
      studentIds: [],
      subject: "",
      date: tomorrow(timeZone),
      startTime: "16:00",
      endTime: "17:00",
      repeat: false,
      repeatEnd: "count",
      until: "",
      count: 10,
      location: "",
      onlineUrl: "",
      notes: "",
    } as ScheduleValues,
    input: (values) => toRequest(values, area, timeZone),
    fieldOf,
    validate: (values) => requiredChoices(values, area),
  });
}
type ScheduleFormApi = ReturnType<typeof useScheduleForm>["form"];

function StudentChoice({ area, tutorMemberId, form }: { area: "admin" | "tutor"; tutorMemberId: string | null; form: ScheduleFormApi }) {
  const own = useTutorStudents(area === "tutor");
  const tutor = useQuery({
    ...tutorQuery(tutorMemberId ?? ""),
    enabled: area === "admin" && !!tutorMemberId,
  });
  const options =
    area === "tutor"
      ? (own.data?.items ?? []).map((student) => ({
          value: student.id,
          label: student.name,
          subject: student.subjects[0] ?? "",
        }))
      : [
          ...new Map(
            (tutor.data?.assignments ?? [])
              .filter((assignment) => assignment.current)
              .map((assignment) => [
                assignment.studentId,
                {
                  value: assignment.studentId,
                  label: assignment.studentName,
                  subject: assignment.subject,
                },
              ]),
          ).values(),
        ];
  const loading = area === "tutor" ? own.isPending : !!tutorMemberId && tutor.isPending;
  const failed = area === "tutor" ? own.error : tutor.error;
  const none = !loading && !failed && options.length === 0 && (area === "tutor" || !!tutorMemberId);
  const description =
    area === "admin" && !tutorMemberId
      ? "Choose the tutor first."
      : none
        ? area === "tutor"
          ? "No student is assigned to you yet."
          : "This tutor has no current students."
        : loading
          ? "Loading students…"
          : "Their current students.";
  return (
    <MultiSelect
      label="Students"
      withAsterisk
      description={failed ? `Could not load the students: ${failed.message}` : description}
      data={options.map(({ value, label }) => ({ value, label }))}
      searchable
      disabled={options.length === 0}
      maxValues={10}
      comboboxProps={{ keepMounted: false }}
      {...form.getInputProps("studentIds")}
      onChange={(ids) => {
        form.setFieldValue("studentIds", ids);
        const subject = options.find((option) => option.value === ids[0])?.subject;
        if (!form.getValues().subject && subject) form.setFieldValue("subject", subject);
      }}
    />
  );
}

function ScheduleForm({ area, timeZone, onClose, presetTutorMemberId, onScheduled }: ModalProps) {
  const create = useCreateSessions(area);
  const tutors = useTutorOptions("", area === "admin");
  const { form, onSubmit, send, formError } = useScheduleForm(area, timeZone, presetTutorMemberId, create);
  const values = form.getValues();

  const schedule = (confirm: boolean) => {
    const request = toRequest(form.getValues(), area, timeZone);
    return send({ ...request, ...(confirm ? { confirmOutsideAvailability: true } : {}) }, (batch) => {
      const first = batch.items[0];
      onClose();
      notifySuccess(
        batch.items.length === 1 ? "Session scheduled" : `${batch.items.length} sessions scheduled`,
        first ? `${batch.items.length === 1 ? "On" : "From"} ${describeWhen(first, timeZone)}.` : "",
      );
      if (first) onScheduled(first);
    });
  };

  // A time outside the tutor's availability is asked about, not refused.
  const outside = outsideAvailabilityOf(formError);
  const otherError = outside ? null : formError;
  const inputProps = (field: keyof SessionFieldValues) => form.getInputProps(field);

  return (
    <form onSubmit={onSubmit(() => schedule(false))} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Times in <strong>{zoneLabel(timeZone)}</strong>.
        </Text>
        {area === "admin" ? (
          <Select
            label="Tutor"
            withAsterisk
            data={(tutors.data?.items ?? []).map((tutor) => ({
              value: tutor.memberId,
              label: tutor.name,
            }))}
            searchable
            nothingFoundMessage="No tutor found"
            comboboxProps={{ keepMounted: false }}
            data-autofocus
            {...form.getInputProps("tutorMemberId")}
            onChange={(memberId) => {
              form.setFieldValue("tutorMemberId", memberId);
              form.setFieldValue("studentIds", []);
            }}
          />
        ) : null}
        <StudentChoice area={area} tutorMemberId={values.tutorMemberId} form={form} />
        <SubjectAndTimeFields inputProps={inputProps} />
        <Checkbox label="Repeat weekly" {...form.getInputProps("repeat", { type: "checkbox" })} />
        {values.repeat ? (
          <Stack gap="sm" pl="md">
            <Radio.Group label="Series ends" value={values.repeatEnd} onChange={(value) => form.setFieldValue("repeatEnd", value as "until" | "count")}>
              <Group gap="lg" mt={6}>
                <Radio value="count" label="After a number of sessions" />
                <Radio value="until" label="On a date" />
              </Group>
            </Radio.Group>
            {values.repeatEnd === "count" ? (
              <NumberInput label="Number of sessions" withAsterisk min={2} max={104} allowDecimal={false} {...form.getInputProps("count")} />
            ) : (
              <TextInput type="date" label="Last session on or before" withAsterisk {...form.getInputProps("until")} />
            )}
          </Stack>
        ) : null}
        <PlaceAndNotesFields inputProps={inputProps} />
        {outside ? (
          <OutsideAvailabilityAlert message={outside} confirmLabel="Schedule anyway" pending={create.isPending} onConfirm={() => void schedule(true)} />
        ) : null}
        <RefusalAlert error={otherError} title="Could not schedule the session" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending && !outside}>
            Schedule
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
