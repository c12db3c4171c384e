import { Alert, Button, Group, List, Modal, Stack, TextInput } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { StudentDetail } from "../../../../shared/schemas/students.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { useEraseStudent } from "../api.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { FormError } from "../../../components/ui/form-error.tsx";

import { SectionCard } from "../../../components/ui/section-card.tsx";

/** What erasing does, said once for the section and the confirmation. */
function WhatHappens({ student }: { student: StudentDetail }) {
  return (
    <List size="sm" spacing={4}>
      <List.Item>The name becomes “Erased student”; preferred name, grade, school, subjects, goals and notes are cleared.</List.Item>
      <List.Item>The record is archived and can no longer be edited. Guardians are unlinked and pending invitations for it are revoked.</List.Item>
      <List.Item>
        {student.guardians.length > 0 || student.login
          ? "Its guardians and the student's login are emailed a notice."
          : "Linked accounts would be emailed a notice (there are none)."}
      </List.Item>
      <List.Item>Tutor assignments and the access log stay as history, without the name. The erasure itself is audited.</List.Item>
    </List>
  );
}

/** "Danger zone": erase the student's personal data on request, after typing the name. */
export function EraseSection({ student }: { student: StudentDetail }) {
  const [opened, modal] = useDisclosure(false);
  return (
    <SectionCard title="Danger zone" description="When a family asks you to delete the data you hold about their child." danger>
      <WhatHappens student={student} />
      <Group>
        <Button color="red" variant="outline" onClick={modal.open}>
          Erase personal data
        </Button>
      </Group>
      <Modal opened={opened} onClose={modal.close} title={`Erase ${student.name}'s personal data?`} size="lg" centered>
        {opened ? <EraseForm student={student} onClose={modal.close} /> : null}
      </Modal>
    </SectionCard>
  );
}

function EraseForm({ student, onClose }: { student: StudentDetail; onClose: () => void }) {
  const erase = useEraseStudent(student.id);
  const { form, onSubmit, send, formError } = useApiForm(null, erase, {
    initialValues: { confirmName: "" },
    validate: ({ confirmName }): Record<string, string> => {
      const typed = confirmName.trim();
      if (typed === student.name) return {};
      return { confirmName: typed === "" ? "Type the student's name to confirm." : `Type the name exactly as shown: ${student.name}` };
    },
  });

  // The erased record no longer shows this section: send's callback still runs after this form is gone.
  const submit = onSubmit(({ confirmName }) =>
    send(confirmName.trim(), () => {
      onClose();
      notifySuccess("Personal data erased", "The record is anonymised. Linked accounts are being emailed a notice.");
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Alert color="red" title="This cannot be undone">
          <WhatHappens student={student} />
        </Alert>
        <TextInput
          label={`Type the student's name to confirm: ${student.name}`}
          autoComplete="off"
          spellCheck={false}
          required
          withAsterisk={false}
          data-autofocus
          {...form.getInputProps("confirmName")}
        />
        <FormError error={formError} title="Could not erase the record" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={erase.isPending}>
            Erase personal data
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
