import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { studentCreateSchema, type StudentDetail } from "../../../../shared/schemas/students.ts";
import type { StudentStatus } from "../../../../shared/student-states.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { useUpdateStudent } from "../api.ts";
import { studentChanges, studentFormValues } from "../format.ts";
import { notifyError, notifyInfo, notifySuccess } from "../../../lib/notify.ts";
import { FormError } from "../../../components/ui/form-error.tsx";

import { StudentFields } from "./student-fields.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";

/** "Record": the student's details, edited in place; only changed fields are sent. */
export function StudentRecordSection({ student }: { student: StudentDetail }) {
  const update = useUpdateStudent(student.id);
  const { form, onSubmit, send, formError } = useApiForm(studentCreateSchema, update, { initialValues: studentFormValues(student) });

  const submit = onSubmit((values) => {
    const changes = studentChanges(values, student);
    if (Object.keys(changes).length === 0) {
      notifyInfo("Nothing to save", "The record is unchanged.");
      return;
    }
    return send(changes, (saved) => {
      const next = studentFormValues(saved);
      form.setInitialValues(next);
      form.setValues(next);
      notifySuccess("Record saved", `${saved.name}'s record is up to date.`);
    });
  });

  return (
    <SectionCard title="Record" description="The student's details. Guardians see the name, grade, school, subjects, goals and notes.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <StudentFields form={form} full />
          <FormError error={formError} title="Could not save the record" />
          <Group>
            <Button type="submit" loading={update.isPending}>
              Save record
            </Button>
            {form.isDirty() ? (
              <Button variant="subtle" onClick={() => form.reset()} disabled={update.isPending}>
                Discard changes
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}

type StatusAction = { label: string; to: StudentStatus; done: string; confirm?: string };

function statusActions(status: StudentStatus): StatusAction[] {
  const pause = { label: "Pause", to: "paused" as const, done: "is paused" };
  const archive = {
    label: "Archive",
    to: "former" as const,
    done: "is archived as a former student",
    confirm: "Archived students stay in the list under Former, with their history. You can reactivate them later.",
  };
  const reactivate = { label: "Reactivate", to: "active" as const, done: "is active again" };
  if (status === "active") return [pause, archive];
  if (status === "paused") return [reactivate, archive];
  return [reactivate];
}

/** Pause, Archive, Reactivate: the record's status, beside its title. */
export function StudentStatusActions({ student }: { student: StudentDetail }) {
  const update = useUpdateStudent(student.id);
  const [confirming, setConfirming] = useState<StatusAction | null>(null);
  const [pending, setPending] = useState<StudentStatus | null>(null);

  const run = (action: StatusAction) => {
    setPending(action.to);
    update.mutate(
      { status: action.to },
      {
        onSuccess: (saved) => {
          setConfirming(null);
          notifySuccess("Status changed", `${saved.name} ${action.done}.`);
        },
        onError: (error) => notifyError(`Could not ${action.label.toLowerCase()} ${student.name}`, error.message),
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <>
      <Group gap="xs">
        {statusActions(student.status).map((action) => (
          <Button
            key={action.to}
            variant={action.to === "active" ? "filled" : "default"}
            size="sm"
            loading={pending === action.to && !action.confirm}
            disabled={update.isPending}
            onClick={() => (action.confirm ? setConfirming(action) : run(action))}
          >
            {action.label}
          </Button>
        ))}
      </Group>
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={`Archive ${student.name}?`} centered>
        <Stack gap="md">
          <Text size="sm">{confirming?.confirm}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button loading={update.isPending} onClick={() => confirming && run(confirming)}>
              Archive student
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
