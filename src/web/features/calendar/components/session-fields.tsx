import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput, Textarea } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import { FormError } from "../../../components/ui/form-error.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import type { SessionFieldValues } from "../session-update.ts";

/**
 * The fields the schedule and edit forms share, and how both read a refusal: one form's parts,
 * so that the two forms cannot drift apart.
 */

type InputProps = (field: keyof SessionFieldValues) => GetInputPropsReturnType;

/** The shared field an issue of a request (the schema's or the server's) belongs to. */
export function sharedFieldOf(path: readonly PropertyKey[]): keyof SessionFieldValues | null {
  const [first] = path;
  if (first === "startsAt") return "startTime";
  if (first === "endsAt") return "endTime";
  if (first === "subject" || first === "location" || first === "onlineUrl" || first === "notes") return first;
  return null;
}

/** The date and times are required (the request's own check would name the start instead). */
export function requiredTimes(values: SessionFieldValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.date) errors.date = "Date is required.";
  if (!values.startTime) errors.startTime = "Start time is required.";
  if (!values.endTime) errors.endTime = "End time is required.";
  return errors;
}

export function SubjectAndTimeFields({ inputProps }: { inputProps: InputProps }) {
  return (
    <>
      <TextInput label="Subject" withAsterisk maxLength={60} {...inputProps("subject")} />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <TextInput type="date" label="Date" withAsterisk {...inputProps("date")} />
        <TextInput type="time" label="Start time" withAsterisk {...inputProps("startTime")} />
        <TextInput type="time" label="End time" withAsterisk {...inputProps("endTime")} />
      </SimpleGrid>
    </>
  );
}

export function PlaceAndNotesFields({ inputProps }: { inputProps: InputProps }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Location" description="Optional." maxLength={200} {...inputProps("location")} />
        <TextInput label="Online link" description="Optional; https://…" maxLength={500} {...inputProps("onlineUrl")} />
      </SimpleGrid>
      <Textarea
        label="Notes for the family"
        description="Guardians and the student can read these."
        autosize
        minRows={2}
        maxRows={6}
        maxLength={2000}
        {...inputProps("notes")}
      />
    </>
  );
}

/** The tutor is not available then: go ahead (`confirmLabel`) or change the time. */
export function OutsideAvailabilityAlert({
  message,
  confirmLabel,
  pending,
  onConfirm,
}: {
  message: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Alert color="yellow" role="alert" title="Outside the tutor's availability">
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        <Group gap="sm">
          <Button size="compact-md" color="dark" variant="outline" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
          <Text size="sm">or change the time.</Text>
        </Group>
      </Stack>
    </Alert>
  );
}

/** A refusal not shown at a field: a clash (409) names the other session. */
export function RefusalAlert({ error, title }: { error: Error | null; title: string }) {
  const clash = error instanceof ApiError && error.status === 409;
  return <FormError error={error} title={clash ? "This time clashes with another session" : title} />;
}
