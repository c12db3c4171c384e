import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { z } from "zod";
import { MEMBER_ROLES, ROLE_LABELS, type MemberRole } from "../../../../shared/roles.ts";
import { emailField } from "../../../../shared/schemas/fields.ts";
import { INVITATION_LIFETIME_DAYS } from "../../../../shared/schemas/members.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { serverFieldErrors, zodFormValidator } from "../../../lib/forms.ts";
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

const FIELDS = { email: "email", role: "role", studentId: "student" } as const;

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
  const form = useForm<InviteValues>({ initialValues: { email: "", role: null, student: null }, validate: zodFormValidator(formSchema) });
  const role = form.values.role;

  const submit = form.onSubmit((values) => {
    const parsed = formSchema.parse(values);
    const studentId = LINKS_STUDENT(parsed.role) ? (parsed.student?.id ?? null) : null;
    create.mutate(
      { email: parsed.email, role: parsed.role, studentId },
      {
        onSuccess: (invitation) => {
          onClose();
          notifySuccess(
            "Invitation sent",
            `${invitation.email} was emailed a link to join as ${invitation.role === "admin" ? "an" : "a"} ${ROLE_LABELS[invitation.role].toLowerCase()}${invitation.studentName ? ` for ${invitation.studentName}` : ""}. It works for ${INVITATION_LIFETIME_DAYS} days.`,
          );
        },
        onError: (error) => {
          const named = serverFieldErrors(error);
          form.setErrors(
            Object.fromEntries(Object.entries(named).flatMap(([field, message]) => (field in FIELDS ? [[FIELDS[field as keyof typeof FIELDS], message]] : []))),
          );
        },
      },
    );
  });

  const named = serverFieldErrors(create.error);
  const unplaced = create.error && !Object.keys(named).some((field) => field in FIELDS) ? create.error : null;

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
        {unplaced ? (
          <Alert color="red" role="alert" title="Invitation not sent">
            {unplaced instanceof ApiError ? unplaced.message : String(unplaced)}
          </Alert>
        ) : null}
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
