import { Button, Group, Modal, Select, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { CONTEST_POINTS, contestCreateSchema, type ContestPoint } from "../../../../shared/schemas/health-alerts.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { notifySuccess } from "../../../lib/notify.ts";
import { useRaiseContest } from "../api.ts";
import { POINT_LABELS } from "./contest-thread.tsx";

/** The point a line of evidence is about, as the family most likely questions it. */
export function pointOfNote(note: string): ContestPoint {
  if (note.startsWith("engagement")) return "engagement";
  if (note.startsWith("understanding")) return "understanding";
  if (note.includes("homework")) return "homework";
  if (note.includes("score")) return "score";
  return "attendance";
}

/** "Question this": a guardian asks about one session's data point behind the score. */
export function QuestionButton({ studentId, sessionId, sessionLabel, note }: { studentId: string; sessionId: string; sessionLabel: string; note: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="compact-xs" variant="subtle" onClick={() => setOpened(true)} aria-label={`Question the session of ${sessionLabel}`}>
        Question this
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`Question the session of ${sessionLabel}`}>
        {opened ? <QuestionForm studentId={studentId} sessionId={sessionId} note={note} onDone={() => setOpened(false)} /> : null}
      </Modal>
    </>
  );
}

function QuestionForm({ studentId, sessionId, note, onDone }: { studentId: string; sessionId: string; note: string; onDone: () => void }) {
  const raise = useRaiseContest(studentId);
  const { form, onSubmit, send, formError } = useApiForm(contestCreateSchema, raise, {
    initialValues: { point: pointOfNote(note), message: "" },
    input: (values) => ({ sessionId, point: values.point, message: values.message }),
  });
  const submit = onSubmit((values) =>
    send({ sessionId, point: values.point as ContestPoint, message: values.message.trim() }, () => {
      notifySuccess("Question sent", "The tutoring business answers it here, on the card.");
      onDone();
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">The card shows: {note}. If that is wrong, say what happened; an admin accepts and corrects it, or answers why not.</Text>
        <Select
          label="What is wrong"
          data={CONTEST_POINTS.map((point) => ({ value: point, label: POINT_LABELS[point] }))}
          allowDeselect={false}
          {...form.getInputProps("point")}
        />
        <Textarea
          label="Your message: what happened"
          description="For example: she was ill and we told the tutor the day before."
          autosize
          minRows={3}
          maxLength={2000}
          required
          withAsterisk={false}
          data-autofocus
          {...form.getInputProps("message")}
        />
        <FormError error={formError} title="Could not send the question" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={raise.isPending}>
            Send the question
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
