import { Button, Fieldset, Group, NativeSelect, NumberInput, Radio, Stack, Text, Textarea } from "@mantine/core";

import { FORM_INDEX, type GetInputPropsReturnType } from "@mantine/form";

import {
  HOMEWORK_COMPLETION_VALUES,
  sessionReportInputSchema,
  type Attendance,
  type HomeworkCompletion,
  type SessionReport,
  type SessionReportInput,
} from "../../../../shared/schemas/session-reports.ts";

import type { Session } from "../../../../shared/schemas/sessions.ts";

import { useApiForm } from "../../../components/forms/use-api-form.ts";

import { FormError } from "../../../components/ui/form-error.tsx";

import { useFileReport } from "../api.ts";
import { HOMEWORK_LABELS, RATING_SCALE } from "../format.ts";
import type { ManagerArea } from "../../../../shared/roles.ts";

interface StudentValues {
  studentId: string;
  name: string;
  attendance: Attendance;
  /** Empty until the tutor says how it went: no answer is assumed. */
  previousHomework: HomeworkCompletion | "";
  understanding: string;
  engagement: string;
  scorePercent: number | string;
}

interface ReportValues {
  topics: string;
  homeworkSet: string;
  privateNotes: string;
  students: StudentValues[];
}

function initialValues(session: Session, report: SessionReport | null): ReportValues {
  return {
    topics: report?.topics ?? "",
    homeworkSet: report?.homeworkSet ?? "",
    privateNotes: report?.privateNotes ?? "",
    students: session.students.map((student) => {
      const entry = report?.students.find((item) => item.studentId === student.id);
      return {
        studentId: student.id,
        name: student.name,
        attendance: entry?.attendance ?? "present",
        previousHomework: entry?.previousHomework ?? "",
        understanding: entry?.understanding ? String(entry.understanding) : "",
        engagement: entry?.engagement ? String(entry.engagement) : "",
        scorePercent: entry?.scorePercent ?? "",
      };
    }),
  };
}

/** The form's values as the API takes them: ratings and score only for a student who attended. */
function toInput(values: ReportValues): unknown {
  return {
    topics: values.topics,
    homeworkSet: values.homeworkSet,
    privateNotes: values.privateNotes,
    students: values.students.map((student) => {
      const absent = student.attendance === "absent";
      return {
        studentId: student.studentId,
        attendance: student.attendance,
        // Left out when not chosen: the schema then asks for it.
        previousHomework: student.previousHomework || undefined,
        understanding: absent || !student.understanding ? null : Number(student.understanding),
        engagement: absent || !student.engagement ? null : Number(student.engagement),
        scorePercent: absent || student.scorePercent === "" ? null : Number(student.scorePercent),
      };
    }),
  };
}

/** An issue's field is its full path ("students.0.understanding"), as Mantine's form names nested fields. */
const fieldOf = (path: readonly PropertyKey[]) => path.map(String).join(".") || null;

function RatingField({ label, description, ...inputProps }: { label: string; description: string } & GetInputPropsReturnType) {
  return (
    <Radio.Group label={label} description={description} withAsterisk {...inputProps}>
      <Group gap="md" mt={6}>
        {[1, 2, 3, 4, 5].map((value) => (
          <Radio key={value} value={String(value)} label={String(value)} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/** File (or correct) a session's report: what was covered, then each student's part. */
export function ReportForm({
  area,
  session,
  report,
  onDone,
  onCancel,
}: {
  area: ManagerArea;
  session: Session;
  report: SessionReport | null;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const file = useFileReport(area, session.id);
  const { form, onSubmit, send, formError } = useApiForm(sessionReportInputSchema, file, {
    initialValues: initialValues(session, report),
    // A score out of range is refused as soon as the field is left, not only on filing.
    validateInputOnBlur: [`students.${FORM_INDEX}.scorePercent`],
    input: toInput,
    fieldOf,
  });
  // send's callback, not mutate's: the filed report's refetch may replace this form first, and
  // TanStack Query drops the callbacks of a mutate whose component is gone.
  const submit = onSubmit((values) => send(toInput(values) as SessionReportInput, onDone));
  // A refusal about the whole list of students has no field of its own either.
  const listError = typeof form.errors.students === "string" ? new Error(form.errors.students) : null;

  return (
    <form onSubmit={submit} noValidate aria-label={report ? "Correct the session report" : "File the session report"}>
      <Stack gap="md">
        <Textarea label="Topics covered" withAsterisk autosize minRows={2} maxLength={2000} {...form.getInputProps("topics")} />
        <Textarea
          label="Homework set"
          description="Leave empty if none was set."
          autosize
          minRows={2}
          maxLength={2000}
          {...form.getInputProps("homeworkSet")}
        />
        {form.values.students.map((student, index) => {
          const path = `students.${index}`;
          const attended = student.attendance !== "absent";
          return (
            <Fieldset key={student.studentId} legend={student.name}>
              <Stack gap="sm">
                <Radio.Group label="Attendance" withAsterisk {...form.getInputProps(`${path}.attendance`)}>
                  <Group gap="md" mt={6}>
                    <Radio value="present" label="Present" />
                    <Radio value="late" label="Late" />
                    <Radio value="absent" label="Absent" />
                  </Group>
                </Radio.Group>
                <NativeSelect
                  label="Previous homework"
                  withAsterisk
                  data={[
                    { value: "", label: "Choose…", disabled: true },
                    ...HOMEWORK_COMPLETION_VALUES.map((value) => ({ value, label: HOMEWORK_LABELS[value] })),
                  ]}
                  {...form.getInputProps(`${path}.previousHomework`)}
                />
                {attended ? (
                  <>
                    <RatingField label="Understanding" description={RATING_SCALE} {...form.getInputProps(`${path}.understanding`)} />
                    <RatingField label="Engagement" description={RATING_SCALE} {...form.getInputProps(`${path}.engagement`)} />
                    {/* Not clamped: a score out of range gets the schema's error instead of silently becoming 0 or 100. */}
                    <NumberInput
                      label="Assessment score (%)"
                      description="Only if an assessment was taken: 0 to 100."
                      min={0}
                      max={100}
                      clampBehavior="none"
                      maw={220}
                      {...form.getInputProps(`${path}.scorePercent`)}
                    />
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    No ratings for an absent student.
                  </Text>
                )}
              </Stack>
            </Fieldset>
          );
        })}
        <Textarea
          label="Private notes"
          description="For you and the workspace's admins only: never shown to the family."
          autosize
          minRows={2}
          maxLength={4000}
          {...form.getInputProps("privateNotes")}
        />
        <FormError error={formError ?? listError} title="Could not save the report" />
        <Group>
          <Button type="submit" loading={file.isPending}>
            {report ? "Save the corrections" : "File the report"}
          </Button>
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
