import { Button, Group, Stack, TextInput } from "@mantine/core";
import { notifySuccess } from "../../../lib/notify.ts";
import { z } from "zod";
import { personNameField } from "../../../../shared/schemas/fields.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { useUpdateProfile } from "../api.ts";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";

const profileSchema = z.object({ name: personNameField("Display name") });

/** "Profile": the display name others in the workspace see. */
export function ProfileSection({ name, email }: { name: string; email: string }) {
  const update = useUpdateProfile();
  const { form, onSubmit, send, formError } = useApiForm(profileSchema, update, { mode: "uncontrolled", initialValues: { name } });

  const submit = onSubmit((values) => {
    const { name: next } = profileSchema.parse(values);
    return send({ name: next }, () => {
      form.setInitialValues({ name: next });
      form.setValues({ name: next });
      notifySuccess("Profile saved", `Your display name is now ${next}.`);
    });
  });

  return (
    <SectionCard title="Profile" description={`You sign in as ${email}.`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Display name"
            description="Your full name, as others in your workspace see it."
            autoComplete="name"
            required
            withAsterisk={false}
            key={form.key("name")}
            {...form.getInputProps("name")}
          />
          <FormError error={formError} title="Could not save your profile" />
          <Group>
            <Button type="submit" loading={update.isPending}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
