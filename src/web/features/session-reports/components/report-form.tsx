import { Alert, Button, Fieldset, Group, NativeSelect, NumberInput, Radio, Stack, Text, Textarea } from "@mantine/core";
import { FORM_INDEX, useForm } from "@mantine/form";
import {
  HOMEWORK_COMPLETION_VALUES,
  sessionReportInputSchema,
  type Attendance,
  type HomeworkCompletion,
  type SessionReport,
  type SessionReportInput,
} from "../../../../shared/schemas/session-reports.ts";
import type { Session } from "../../../../shared/schemas/sessions.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { useFileReport, type ManagerArea } from "../api.ts";
import { HOMEWORK_LABELS, RATING_SCALE } from "../format.ts";

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

/** Each issue under its full path ("students.0.understanding"), as Mantine's form names nested fields. */
function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join(".") || "form"] ??= issue.message;
  return errors;
}

function RatingField({
  label,
  description,
  ...inputProps
}: { label: string; description: string } & ReturnType<ReturnType<typeof useForm<ReportValues>>["getInputProps"]>) {
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
  const form = useForm<ReportValues>({
    initialValues: initialValues(session, report),
    // A score out of range is refused as soon as the field is left, not only on filing.
    validateInputOnBlur: [`students.${FORM_INDEX}.scorePercent`],
    validate: (values) => {
      const result = sessionReportInputSchema.safeParse(toInput(values));
      return result.success ? {} : errorsOf(result.error.issues);
    },
  });
  // Keyboard and screen-reader users land on the first field in error (once the errors are drawn).
  const focusFirstError = (formElement: EventTarget | null | undefined) =>
    requestAnimationFrame(() =>
      (formElement as HTMLFormElement | null | undefined)?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error] input')?.focus(),
    );
  const submit = form.onSubmit(
    async (values, event) => {
      // The event's currentTarget is gone once the handler returns: keep the form for the answer.
      const formElement = event?.currentTarget;
      try {
        await file.mutateAsync(toInput(values) as SessionReportInput);
      } catch (error) {
        if (error instanceof ApiError) form.setErrors(errorsOf(error.issues));
        focusFirstError(formElement);
        return;
      }
      // Not mutate's onSuccess: the filed report's refetch may replace this form first, and
      // TanStack Query drops the callbacks of a mutate whose component is gone (no
      // "Report filed" notice, now and then). The promise settles all the same.
      onDone();
    },
    (_errors, _values, event) => focusFirstError(event?.currentTarget),
  );
  // A refusal no field shows: the server's message without issues, or one about the whole list of students.
  const formError =
    file.error instanceof ApiError && file.error.issues.length === 0
      ? file.error.message
      : typeof form.errors.students === "string"
        ? form.errors.students
        : null;

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
        {formError ? (
          <Alert color="red" role="alert" title="Could not save the report">
            {formError}
          </Alert>
        ) : null}
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
