import { Anchor, Button, Group, Modal, NumberInput, SegmentedControl, Select, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { contestAnswerSchema, type Contest, type ContestAnswer } from "../../../../shared/schemas/health-alerts.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { notifySuccess } from "../../../lib/notify.ts";
import { useAnswerContest, useContestInbox } from "../api.ts";
import { ContestEntry } from "./contest-thread.tsx";

const HOMEWORK = [
  { value: "completed", label: "Completed" },
  { value: "partly", label: "Partly done" },
  { value: "not_done", label: "Not done" },
  { value: "none_set", label: "None was set" },
];

/** The families' questions: the open ones to answer first, then those answered. */
export function ContestInbox() {
  const [state, setState] = useState<"open" | "all">("open");
  const inbox = useContestInbox(state);
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Which questions"
        data={[
          { value: "open", label: "To answer" },
          { value: "all", label: "All" },
        ]}
        value={state}
        onChange={(value) => setState(value as "open" | "all")}
        maw={320}
      />
      <QueryState query={inbox} label="the questions">
        {(data) =>
          data.items.length === 0 ? (
            <Text size="sm">{state === "open" ? "No question waits for an answer." : "No family has questioned a card yet."}</Text>
          ) : (
            <Stack gap="sm">
              {data.items.map((contest) => (
                <Stack key={contest.id} gap={4}>
                  <Anchor component={Link} to={`/admin/students/${encodeURIComponent(contest.studentId)}`} size="sm" fw={600}>
                    {contest.studentName}
                  </Anchor>
                  <ContestEntry contest={contest} />
                  {contest.status === "open" ? <AnswerButton contest={contest} /> : null}
                </Stack>
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}

function AnswerButton({ contest }: { contest: Contest }) {
  const [opened, setOpened] = useState(false);
  return (
    <Group>
      <Button size="xs" variant="light" onClick={() => setOpened(true)}>
        Answer {contest.studentName}'s question
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Answer the family" size="lg">
        {opened ? <AnswerForm contest={contest} onDone={() => setOpened(false)} /> : null}
      </Modal>
    </Group>
  );
}

interface AnswerValues {
  outcome: "accepted" | "answered";
  answer: string;
  correct: "yes" | "no";
  rating: number | string;
  homework: string;
  score: number | string;
}

/** The request the form makes: an accepted attendance question excuses the absence; a rating, homework or score carries its corrected value. */
function answerOf(contest: Contest, values: AnswerValues): ContestAnswer {
  const answer = values.answer.trim();
  if (values.outcome === "answered") return { outcome: "answered", answer };
  if (values.correct === "no") return { outcome: "accepted", answer };
  switch (contest.point) {
    case "attendance":
      return { outcome: "accepted", answer, correction: { point: "attendance", excuse: true } };
    case "homework":
      return { outcome: "accepted", answer, correction: { point: "homework", value: values.homework as "completed" } };
    case "score":
      return { outcome: "accepted", answer, correction: { point: "score", value: Number(values.score) } };
    default:
      return { outcome: "accepted", answer, correction: { point: contest.point, value: Number(values.rating) } };
  }
}

function AnswerForm({ contest, onDone }: { contest: Contest; onDone: () => void }) {
  const answer = useAnswerContest(contest.id);
  const { form, onSubmit, send, formError } = useApiForm(contestAnswerSchema, answer, {
    initialValues: { outcome: "accepted", answer: "", correct: "yes", rating: 3, homework: "completed", score: 50 } as AnswerValues,
    input: (values) => answerOf(contest, values),
    fieldOf: (path) => (path[0] === "answer" ? "answer" : path[0] === "correction" ? "correct" : null),
  });
  const submit = onSubmit((values) =>
    send(answerOf(contest, values), () => {
      notifySuccess(
        values.outcome === "accepted" ? "Question accepted" : "Question answered",
        values.outcome === "accepted" ? "The card is scored again; the family sees your answer on it." : "The family sees your answer on the card.",
      );
      onDone();
    }),
  );
  const accepting = form.values.outcome === "accepted";
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ContestEntry contest={contest} />
        <SegmentedControl
          aria-label="Your answer"
          data={[
            { value: "accepted", label: "Accept" },
            { value: "answered", label: "Answer with a reason" },
          ]}
          {...form.getInputProps("outcome")}
        />
        {accepting ? (
          <Select
            label={contest.point === "attendance" ? "Excuse the absence" : "Correct the report"}
            description={
              contest.point === "attendance"
                ? "The card counts the session as excused; the attendance record and any charge stay as they were."
                : "The session's report is corrected, as a correction by you (audited); the card is scored again."
            }
            data={[
              { value: "yes", label: contest.point === "attendance" ? "Yes, excuse it" : "Yes, correct it" },
              { value: "no", label: "No, it was put right another way" },
            ]}
            allowDeselect={false}
            {...form.getInputProps("correct")}
          />
        ) : null}
        {accepting && form.values.correct === "yes" && (contest.point === "engagement" || contest.point === "understanding") ? (
          <NumberInput label="Corrected rating (1 to 5)" min={1} max={5} {...form.getInputProps("rating")} />
        ) : null}
        {accepting && form.values.correct === "yes" && contest.point === "homework" ? (
          <Select label="Corrected homework" data={HOMEWORK} allowDeselect={false} {...form.getInputProps("homework")} />
        ) : null}
        {accepting && form.values.correct === "yes" && contest.point === "score" ? (
          <NumberInput label="Corrected score (%)" min={0} max={100} {...form.getInputProps("score")} />
        ) : null}
        <Textarea
          label={accepting ? "Your answer to the family" : "Your answer: why the card stands"}
          autosize
          minRows={2}
          maxLength={2000}
          required
          withAsterisk={false}
          {...form.getInputProps("answer")}
        />
        <FormError error={formError} title="Could not answer the question" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={answer.isPending}>
            {accepting ? "Accept" : "Send the answer"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
