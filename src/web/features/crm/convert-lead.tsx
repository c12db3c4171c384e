import { Alert, Button, Group, List, Modal, Select, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { IconUserCheck } from "@tabler/icons-react";
import { useState } from "react";
import { leadConvertSchema, type LeadConversion, type LeadConvert } from "../../../shared/schemas/crm-trials.ts";
import { useApiForm } from "../../components/forms/use-api-form.ts";
import { FormError } from "../../components/ui/form-error.tsx";
import { notifySuccess } from "../../lib/notify.ts";
import { useTutorOptions } from "../tutors/api.ts";
import type { CrmArea } from "./api.ts";
import { leadTitle } from "./format.ts";
import { type CrmLeadRef, useConvertLead, useLeadTrials } from "./trials-api.ts";

interface ConvertValues {
  familyName: string;
  students: string;
  guardianEmails: string;
  tutorMemberId: string | null;
  subject: string;
}

const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

function toRequest(values: ConvertValues): LeadConvert {
  return {
    ...(values.familyName.trim() ? { account: { kind: "new" as const, name: values.familyName.trim() } } : {}),
    students: lines(values.students).map((name) => ({ name })),
    guardianEmails: lines(values.guardianEmails),
    ...(values.tutorMemberId ? { tutorMemberId: values.tutorMemberId } : {}),
    ...(values.subject.trim() ? { subject: values.subject.trim() } : {}),
  };
}

/** The form field an issue of the request names (a student's or an email's index goes to its list). */
function fieldOf(path: readonly PropertyKey[]): keyof ConvertValues | null {
  const [first] = path;
  if (first === "account") return "familyName";
  if (first === "students" || first === "guardianEmails" || first === "tutorMemberId" || first === "subject") return first;
  return null;
}

/**
 * "Convert": a button and its dialog, for a lead's page. Converting makes the family's account,
 * the student records, the tutor's assignment (the latest trial's tutor unless another is
 * chosen) and the guardians' invitations in one step, and marks the lead won. Asking twice
 * makes nothing more: the server answers what the first conversion made.
 */
export function ConvertLeadButton({ area, lead }: { area: CrmArea; lead: CrmLeadRef }) {
  const [opened, setOpened] = useState(false);
  const [done, setDone] = useState<LeadConversion | null>(null);
  if (lead.convertedAt && !done) return null;
  const close = () => {
    setOpened(false);
    setDone(null);
  };
  return (
    <>
      {lead.convertedAt ? null : (
        <Button leftSection={<IconUserCheck size={16} aria-hidden />} onClick={() => setOpened(true)}>
          Convert
        </Button>
      )}
      <Modal opened={opened} onClose={close} title={done ? "Converted" : `Convert ${leadTitle(lead)}`} size="lg" centered>
        {opened && done ? <ConversionSummary conversion={done} onClose={close} /> : null}
        {opened && !done ? <ConvertForm area={area} lead={lead} onCancel={close} onConverted={setDone} /> : null}
      </Modal>
    </>
  );
}

function ConversionSummary({ conversion, onClose }: { conversion: LeadConversion; onClose: () => void }) {
  return (
    <Stack gap="md">
      <Text size="sm">The lead is won. Its timeline stays readable from each student&apos;s record.</Text>
      <List size="sm" spacing="xs">
        <List.Item>Family account: {conversion.account.name}</List.Item>
        <List.Item>Students: {conversion.students.map((student) => student.name).join(", ")}</List.Item>
        <List.Item>Assignments: {conversion.assignments.length === 0 ? "none" : conversion.assignments.map((item) => item.subject).join(", ")}</List.Item>
        <List.Item>
          Invitations mailed: {conversion.invitations.length === 0 ? "none" : conversion.invitations.map((invitation) => invitation.email).join(", ")}
        </List.Item>
      </List>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          Done
        </Button>
      </Group>
    </Stack>
  );
}

function ConvertForm({
  area,
  lead,
  onCancel,
  onConverted,
}: {
  area: CrmArea;
  lead: CrmLeadRef;
  onCancel: () => void;
  onConverted: (conversion: LeadConversion) => void;
}) {
  const trials = useLeadTrials(area, lead.id);
  const tutors = useTutorOptions("", area === "admin");
  const latestTrial = trials.data?.items[0];
  const mutation = useConvertLead(area, lead.id);
  const { form, onSubmit, send, formError } = useApiForm(leadConvertSchema, mutation, {
    initialValues: {
      familyName: lead.guardianName ?? "",
      students: lead.studentName ?? "",
      guardianEmails: lead.email ?? "",
      tutorMemberId: null,
      subject: "",
    } as ConvertValues,
    input: toRequest,
    fieldOf,
    validate: (values): Record<string, string> => (lines(values.students).length === 0 ? { students: "Name at least one student." } : {}),
  });
  const submit = onSubmit((values) =>
    send(toRequest(values), (conversion) => {
      onConverted(conversion);
      notifySuccess("Lead converted", `${conversion.students.map((student) => student.name).join(", ")} joined ${conversion.account.name}.`);
    }),
  );
  const tutorOptions = (tutors.data?.items ?? []).filter((tutor) => tutor.status === "active").map((tutor) => ({ value: tutor.memberId, label: tutor.name }));
  const defaultTutor = latestTrial ? `${latestTrial.tutor.name} (the latest trial's tutor), for ${latestTrial.subject}` : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Family name"
          description="The new family account that pays for the students."
          maxLength={100}
          data-autofocus
          {...form.getInputProps("familyName")}
        />
        <Textarea label="Students" description="One name per line." withAsterisk minRows={2} {...form.getInputProps("students")} />
        <Textarea
          label="Guardians to invite"
          description="One email per line; each is mailed an invitation to join as a parent. Leave empty to invite nobody now."
          minRows={2}
          {...form.getInputProps("guardianEmails")}
        />
        {area === "admin" ? (
          <Select
            label="Assign a tutor"
            description={defaultTutor ? `Left empty: ${defaultTutor}.` : "Left empty: no tutor is assigned (the lead had no trial)."}
            clearable
            searchable
            data={tutorOptions}
            {...form.getInputProps("tutorMemberId")}
          />
        ) : (
          <Text size="sm">{defaultTutor ? `The students are assigned to ${defaultTutor}.` : "No tutor is assigned: the lead had no trial."}</Text>
        )}
        <TextInput
          label="Subject"
          description="The assignment's subject; the trial's, else the lead's first, if left empty."
          maxLength={60}
          {...form.getInputProps("subject")}
        />
        <Alert color="gray" variant="light">
          Converting cannot be undone here: it makes the records and mails the invitations at once.
        </Alert>
        <FormError error={formError} title="Could not convert the lead" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Convert
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
