import { Button, Group, Stack, TextInput } from "@mantine/core";
import { recordingLinkCreateSchema } from "../../../../shared/schemas/recordings.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { useAddLink } from "../api.ts";
import { FormError } from "../../../components/ui/form-error.tsx";

/** "Add a link": a recording kept elsewhere (a video call's cloud recording, a shared drive). */
export function LinkForm({ area, sessionId, onDone }: { area: "admin" | "tutor"; sessionId: string; onDone: (title: string) => void }) {
  const add = useAddLink(area, sessionId);
  const { form, onSubmit, send, formError } = useApiForm(recordingLinkCreateSchema, add, { initialValues: { title: "", url: "" } });
  const submit = onSubmit((values) =>
    send(recordingLinkCreateSchema.parse(values), (recording) => {
      form.reset();
      onDone(recording.title);
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Add a recording link">
      <Stack gap="sm">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput label="Title" required maxLength={200} {...form.getInputProps("title")} />
          <TextInput label="Link" type="url" required placeholder="https://" {...form.getInputProps("url")} />
        </Group>
        <FormError error={formError} title="Could not add the link" />
        <Group>
          <Button type="submit" loading={add.isPending}>
            Add link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
