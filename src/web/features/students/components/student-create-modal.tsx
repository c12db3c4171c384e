import { Button, Group, Modal, Stack } from "@mantine/core";
import { useNavigate } from "react-router";
import { studentCreateSchema } from "../../../../shared/schemas/students.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { useCreateStudent } from "../api.ts";
import type { StudentFormValues } from "../format.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { StudentFields } from "./student-fields.tsx";

const EMPTY: StudentFormValues = { name: "", preferredName: "", grade: "", school: "", subjects: [], goals: "", notes: "" };

/** "Add student": the essentials of a record; the new record's page opens after saving. */
export function StudentCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add a student" size="lg" centered>
      {opened ? <CreateStudentForm onClose={onClose} /> : null}
    </Modal>
  );
}

function CreateStudentForm({ onClose }: { onClose: () => void }) {
  const create = useCreateStudent();
  const navigate = useNavigate();
  const { form, onSubmit, send, formError } = useApiForm(studentCreateSchema, create, { initialValues: EMPTY });

  const submit = onSubmit((values) => {
    const { goals: _goals, notes: _notes, ...essentials } = studentCreateSchema.parse(values);
    return send(essentials, (student) => {
      onClose();
      notifySuccess("Student added", `${student.name}'s record is ready. Link guardians and assign tutors here.`);
      void navigate(`/admin/students/${encodeURIComponent(student.id)}`);
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <StudentFields form={form} focusFirst />
        <FormError error={formError} title="Could not add the student" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Add student
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
