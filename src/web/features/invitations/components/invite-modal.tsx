import { Button, Group, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import { z } from "zod";
import { MEMBER_ROLES, ROLE_LABELS, type MemberRole } from "../../../../shared/roles.ts";
import { emailField } from "../../../../shared/schemas/fields.ts";
import { INVITATION_LIFETIME_DAYS } from "../../../../shared/schemas/members.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { StudentPicker, type PickedStudent } from "../../records/components/student-picker.tsx";
import { useCreateInvitation } from "../api.ts";
import { notifySuccess } from "../../../lib/notify.ts";

/** The order an admin most often needs, admin last: it grants the most. */
const ROLE_CHOICES: MemberRole[] = ["parent", "tutor", "student", "admin"];
const ROLE_OPTIONS = ROLE_CHOICES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const LINKS_STUDENT = (role: MemberRole | null) => role === "parent" || role === "student";

const formSchema = z.object({
  email: emailField,
  role: z.enum(MEMBER_ROLES, { error: "Choose a role." }),
  student: z.object({ id: z.string(), name: z.string() }).nullable(),
});

interface InviteValues {
  email: string;
  role: MemberRole | null;
  student: PickedStudent | null;
}

/** The form field of each of the request's fields. */
const FIELDS: Record<string, keyof InviteValues> = { email: "email", role: "role", studentId: "student" };

/** "Invite someone": email, role and, for a parent or a student, the student record to link. */
export function InviteModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Invite someone" closeButtonProps={{ "aria-label": "Close" }} centered size="md">
      {opened ? <InviteForm onClose={onClose} /> : null}
    </Modal>
  );
}

function InviteForm({ onClose }: { onClose: () => void }) {
  const create = useCreateInvitation();
  const { form, onSubmit, send, formError } = useApiForm(formSchema, create, {
    initialValues: { email: "", role: null, student: null } as InviteValues,
    fieldOf: (path) => FIELDS[String(path[0])] ?? null,
  });
  const role = form.values.role;

  const submit = onSubmit((values) => {
    const parsed = formSchema.parse(values);
    const studentId = LINKS_STUDENT(parsed.role) ? (parsed.student?.id ?? null) : null;
    return send({ email: parsed.email, role: parsed.role, studentId }, (invitation) => {
      onClose();
      notifySuccess(
        "Invitation sent",
        `${invitation.email} was emailed a link to join as ${invitation.role === "admin" ? "an" : "a"} ${ROLE_LABELS[invitation.role].toLowerCase()}${invitation.studentName ? ` for ${invitation.studentName}` : ""}. It works for ${INVITATION_LIFETIME_DAYS} days.`,
      );
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          We email them a link to join your workspace with this role. It works for {INVITATION_LIFETIME_DAYS} days; you can resend or revoke it from the list.
        </Text>
        <TextInput label="Email" type="email" autoComplete="off" required data-autofocus {...form.getInputProps("email")} />
        <Select
          label="Role"
          placeholder="Choose a role"
          data={ROLE_OPTIONS}
          required
          allowDeselect={false}
          comboboxProps={{ keepMounted: false }}
          {...form.getInputProps("role")}
          onChange={(value) => {
            form.setFieldValue("role", value as MemberRole | null);
            if (!LINKS_STUDENT(value as MemberRole | null)) form.setFieldValue("student", null);
          }}
        />
        {LINKS_STUDENT(role) ? (
          <StudentPicker
            label="Student"
            emptyLabel="No student yet (link later)"
            description={
              role === "parent"
                ? "Type a name to search. They become this student's guardian when they accept."
                : "Type a name to search. Their account is linked to this record when they accept."
            }
            value={form.values.student}
            onChange={(student) => form.setFieldValue("student", student)}
            error={form.errors.student}
          />
        ) : null}
        <FormError error={formError} title="Invitation not sent" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
