import { Button, Group, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { recordingLinkCreateSchema } from "../../../../shared/schemas/recordings.ts";
import { serverFieldErrors, zodFormValidator } from "../../../lib/forms.ts";
import { useAddLink } from "../api.ts";
import { FormError } from "../../../components/ui/form-error.tsx";

/** "Add a link": a recording kept elsewhere (a video call's cloud recording, a shared drive). */
export function LinkForm({ area, sessionId, onDone }: { area: "admin" | "tutor"; sessionId: string; onDone: (title: string) => void }) {
  const add = useAddLink(area, sessionId);
  const form = useForm({ initialValues: { title: "", url: "" }, validate: zodFormValidator(recordingLinkCreateSchema) });
  const submit = form.onSubmit((values) =>
    add.mutate(recordingLinkCreateSchema.parse(values), {
      onSuccess: (recording) => {
        form.reset();
        onDone(recording.title);
      },
      onError: (error) => form.setErrors(serverFieldErrors(error)),
    }),
  );
  const fieldErrors = serverFieldErrors(add.error);
  return (
    <form onSubmit={submit} noValidate aria-label="Add a recording link">
      <Stack gap="sm">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput label="Title" required maxLength={200} {...form.getInputProps("title")} />
          <TextInput label="Link" type="url" required placeholder="https://" {...form.getInputProps("url")} />
        </Group>
        <FormError error={add.error && Object.keys(fieldErrors).length === 0 ? add.error : null} title="Could not add the link" />
        <Group>
          <Button type="submit" loading={add.isPending}>
            Add link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
