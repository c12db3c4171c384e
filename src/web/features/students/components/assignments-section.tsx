import { Autocomplete, Button, Group, Modal, SimpleGrid, Select, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue, useDisclosure } from "@mantine/hooks";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import type { Assignment, StudentDetail } from "../../../../shared/schemas/students.ts";
import { assignmentCreateSchema, type AssignmentCreate } from "../../../../shared/schemas/tutors.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { useTutorOptions } from "../../tutors/api.ts";
import { useCreateAssignment, useRemoveAssignment, useUpdateAssignment } from "../api.ts";
import { currencySymbol } from "../../../lib/format-money.ts";
import { formatDay } from "../../../lib/format-time.ts";
import { assignmentState, readMoney } from "../format.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useWorkspaceFormat } from "../workspace-format.ts";
import { AssignmentsTable } from "./assignments-table.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";

import { SectionCard } from "../../../components/ui/section-card.tsx";

/** "Tutors": who teaches the student what, at which rate and from when; assign, end or remove. */
export function AssignmentsSection({ student, readOnly = false }: { student: StudentDetail; readOnly?: boolean }) {
  const { today, currency } = useWorkspaceFormat();
  const [assigning, assign] = useDisclosure(false);
  const [ending, setEnding] = useState<Assignment | null>(null);
  const [removing, setRemoving] = useState<Assignment | null>(null);

  return (
    <SectionCard
      title="Tutors"
      description="Assigned tutors see this record while their assignment is current."
      actions={
        readOnly ? null : (
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} variant="light" onClick={assign.open}>
            Assign a tutor
          </Button>
        )
      }
    >
      {student.assignments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No tutor is assigned yet.
        </Text>
      ) : (
        <AssignmentsTable
          assignments={student.assignments}
          perspective="student"
          today={today}
          currency={currency}
          actions={
            readOnly
              ? undefined
              : (assignment) => (
                  <>
                    {assignmentState(assignment, today) === "ended" ? null : assignment.endsOn === null ? (
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={`End ${assignment.tutorName}'s ${assignment.subject} assignment`}
                        onClick={() => setEnding(assignment)}
                      >
                        End
                      </Button>
                    ) : (
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={`Change end date of ${assignment.tutorName}'s ${assignment.subject} assignment`}
                        onClick={() => setEnding(assignment)}
                      >
                        Change end
                      </Button>
                    )}
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${assignment.tutorName}'s ${assignment.subject} assignment`}
                      onClick={() => setRemoving(assignment)}
                    >
                      Remove
                    </Button>
                  </>
                )
          }
        />
      )}
      <Modal opened={assigning} onClose={assign.close} title={`Assign a tutor to ${student.name}`} size="lg" centered>
        {assigning ? <AssignTutorForm student={student} onClose={assign.close} /> : null}
      </Modal>
      <Modal opened={ending !== null} onClose={() => setEnding(null)} title={ending?.endsOn ? "Change the end date" : "End the assignment"} centered>
        {ending ? <EndAssignmentForm key={ending.id} assignment={ending} onClose={() => setEnding(null)} /> : null}
      </Modal>
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title="Remove the assignment?" centered>
        {removing ? <RemoveAssignment key={removing.id} assignment={removing} onClose={() => setRemoving(null)} /> : null}
      </Modal>
    </SectionCard>
  );
}

interface AssignValues {
  tutorMemberId: string | null;
  subject: string;
  rate: string;
  payRate: string;
  startsOn: string;
  endsOn: string;
}

type TutorOption = { value: string; label: string; subjects: string[] };

/** The form field of each of the request's fields: the rate is typed as money text. */
const FIELD_OF: Record<string, keyof AssignValues> = {
  tutorMemberId: "tutorMemberId",
  subject: "subject",
  rateOverrideMinor: "rate",
  payRateOverrideMinor: "payRate",
  startsOn: "startsOn",
  endsOn: "endsOn",
};

/** The request the form's values make (a rate that cannot be read is left out: the form names it). */
function requestOf(values: AssignValues, studentId: string, currency: string): AssignmentCreate {
  const money = readMoney(values.rate, currency, "Rate");
  const payMoney = readMoney(values.payRate, currency, "Pay rate");
  return {
    tutorMemberId: values.tutorMemberId ?? "",
    studentId,
    subject: values.subject,
    rateOverrideMinor: "minor" in money ? money.minor : null,
    payRateOverrideMinor: "minor" in payMoney ? payMoney.minor : null,
    startsOn: values.startsOn,
    endsOn: values.endsOn || null,
  };
}

/** What the schema cannot say: a rate or pay rate that is not an amount, and a start date missing (the schema's message would name its format). */
function moneyAndStartErrors(values: AssignValues, currency: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const money = readMoney(values.rate, currency, "Rate");
  if ("error" in money) errors.rate = money.error;
  const payMoney = readMoney(values.payRate, currency, "Pay rate");
  if ("error" in payMoney) errors.payRate = payMoney.error;
  if (!values.startsOn) errors.startsOn = "Start date is required.";
  return errors;
}

function AssignTutorForm({ student, onClose }: { student: StudentDetail; onClose: () => void }) {
  const { today, currency } = useWorkspaceFormat();
  const create = useCreateAssignment();
  const [search, setSearch] = useState("");
  const [chosen, setChosen] = useState<TutorOption | null>(null);
  const query = chosen && search === chosen.label ? "" : search;
  const [debounced] = useDebouncedValue(query, 250);
  const tutors = useTutorOptions(debounced, true);

  const { form, onSubmit, send, formError } = useApiForm(assignmentCreateSchema, create, {
    initialValues: {
      tutorMemberId: null,
      subject: student.subjects.length === 1 ? student.subjects[0]! : "",
      rate: "",
      payRate: "",
      startsOn: today,
      endsOn: "",
    } as AssignValues,
    input: (values) => requestOf(values, student.id, currency),
    validate: (values) => moneyAndStartErrors(values, currency),
    fieldOf: (path) => FIELD_OF[String(path[0])] ?? null,
  });

  const found: TutorOption[] = (tutors.data?.items ?? []).map((tutor) => ({
    value: tutor.memberId,
    label: `${tutor.name}${tutor.status === "inactive" ? " · inactive" : ""}${tutor.membershipStatus === "suspended" ? " · suspended" : ""}`,
    subjects: tutor.subjects,
  }));
  const options = chosen && !found.some((option) => option.value === chosen.value) ? [chosen, ...found] : found;
  const subjects = [...new Set([...student.subjects, ...(chosen?.subjects ?? [])])];

  const submit = onSubmit((values) =>
    send(assignmentCreateSchema.parse(requestOf(values, student.id, currency)), (saved) => {
      onClose();
      notifySuccess("Tutor assigned", `${saved.tutorName} teaches ${student.name} ${saved.subject} from ${formatDay(saved.startsOn)}.`);
    }),
  );
  const symbol = currencySymbol(currency);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Select
          label="Tutor"
          placeholder="Search tutors by name or email"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          data={options}
          required
          withAsterisk={false}
          data-autofocus
          nothingFoundMessage={tutors.isError ? `Could not load tutors: ${tutors.error.message}` : tutors.isFetching ? "Searching…" : "No tutor matches."}
          {...form.getInputProps("tutorMemberId")}
          onChange={(value) => {
            setChosen(options.find((option) => option.value === value) ?? null);
            form.setFieldValue("tutorMemberId", value);
          }}
        />
        <Autocomplete
          label="Subject"
          description="What this tutor teaches the student."
          data={subjects}
          required
          withAsterisk={false}
          comboboxProps={{ keepMounted: false }}
          {...form.getInputProps("subject")}
        />
        <TextInput
          label={`Rate override (${currency} per hour)`}
          description="Leave empty to charge the tutor's default rate."
          inputMode="decimal"
          leftSection={<span aria-hidden="true">{symbol}</span>}
          placeholder="Tutor's default"
          {...form.getInputProps("rate")}
        />
        <TextInput
          label={`Pay rate override (${currency} per hour)`}
          description="What the tutor earns per hour for this student. Leave empty to pay the tutor's own pay rate."
          inputMode="decimal"
          leftSection={<span aria-hidden="true">{symbol}</span>}
          placeholder="Tutor's pay rate"
          {...form.getInputProps("payRate")}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput type="date" label="Start date" required withAsterisk={false} {...form.getInputProps("startsOn")} />
          <TextInput type="date" label="End date (optional)" description="Leave empty while it goes on." {...form.getInputProps("endsOn")} />
        </SimpleGrid>
        <FormError error={formError} title="Could not assign the tutor" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Assign tutor
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EndAssignmentForm({ assignment, onClose }: { assignment: Assignment; onClose: () => void }) {
  const { today } = useWorkspaceFormat();
  const update = useUpdateAssignment();
  const { form, onSubmit, send, formError } = useApiForm(null, update, {
    initialValues: { endsOn: assignment.endsOn ?? (assignment.startsOn > today ? assignment.startsOn : today) },
    validate: ({ endsOn }): Record<string, string> => {
      if (!endsOn) return { endsOn: "End date is required." };
      return endsOn < assignment.startsOn ? { endsOn: `End date must not be before the start date (${formatDay(assignment.startsOn)}).` } : {};
    },
  });

  const submit = onSubmit(({ endsOn }) =>
    send({ assignment, changes: { endsOn } }, (saved) => {
      onClose();
      notifySuccess("Assignment ended", `${saved.tutorName}'s ${saved.subject} assignment ends on ${formatDay(endsOn)}.`);
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {assignment.tutorName} teaches {assignment.studentName} {assignment.subject} since {formatDay(assignment.startsOn)}. After the last day, the tutor no
          longer sees the record. The assignment stays in the history.
        </Text>
        <TextInput type="date" label="Last day" required withAsterisk={false} data-autofocus {...form.getInputProps("endsOn")} />
        <FormError error={formError} title="Could not end the assignment" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            {assignment.endsOn ? "Save end date" : "End assignment"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RemoveAssignment({ assignment, onClose }: { assignment: Assignment; onClose: () => void }) {
  const remove = useRemoveAssignment();
  return (
    <Stack gap="md">
      <Text size="sm">
        This removes {assignment.tutorName}&apos;s {assignment.subject} assignment with {assignment.studentName} from both records, as if it had been made by
        mistake. To keep it in the history, end it instead.
      </Text>
      <FormError error={remove.error} title="Could not remove the assignment" />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          color="red"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(assignment, {
              onSuccess: () => {
                onClose();
                notifySuccess("Assignment removed", `${assignment.tutorName} is no longer assigned to ${assignment.studentName} for ${assignment.subject}.`);
              },
            })
          }
        >
          Remove assignment
        </Button>
      </Group>
    </Stack>
  );
}
