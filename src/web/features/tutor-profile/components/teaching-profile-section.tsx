import { Button, Group, Select, Stack, TagsInput, Textarea } from "@mantine/core";
import { useMemo } from "react";
import { z } from "zod";
import { longTextField, subjectsField } from "../../../../shared/schemas/fields.ts";
import type { TutorDetail } from "../../../../shared/schemas/tutors.ts";
import { regionTimeZoneField } from "../../../../shared/schemas/workspace.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { useUpdateOwnTutorProfile, type OwnProfileChanges } from "../api.ts";
import { notifyInfo, notifySuccess } from "../../../lib/notify.ts";
import { timeZoneOptions } from "../../../lib/time-zones.ts";

const BIO_MAX = 2000;
const schema = z.object({ subjects: subjectsField, bio: longTextField("Bio", BIO_MAX), timeZone: regionTimeZoneField });
type Values = { subjects: string[]; bio: string; timeZone: string };

const valuesOf = (profile: TutorDetail): Values => ({ subjects: profile.subjects, bio: profile.bio, timeZone: profile.timeZone });

function changesOf(values: Values, saved: TutorDetail): OwnProfileChanges {
  const parsed = schema.parse(values);
  const changes: OwnProfileChanges = {};
  if (parsed.subjects.join("\n") !== saved.subjects.join("\n")) changes.subjects = parsed.subjects;
  if (parsed.bio !== saved.bio) changes.bio = parsed.bio;
  if (parsed.timeZone !== saved.timeZone) changes.timeZone = parsed.timeZone;
  return changes;
}

/** "Teaching profile": the subjects the tutor teaches, a short bio and the tutor's time zone. */
export function TeachingProfileForm({ profile }: { profile: TutorDetail }) {
  const update = useUpdateOwnTutorProfile();
  const zones = useMemo(() => timeZoneOptions(profile.timeZone), [profile.timeZone]);
  const { form, onSubmit, send, formError } = useApiForm(schema, update, { initialValues: valuesOf(profile) });
  const bioLength = form.values.bio.trim().length;

  const submit = onSubmit((values) => {
    const changes = changesOf(values, profile);
    if (Object.keys(changes).length === 0) {
      notifyInfo("Nothing to save", "Your teaching profile is unchanged.");
      return;
    }
    return send(changes, (saved) => {
      const next = valuesOf(saved);
      form.setInitialValues(next);
      form.setValues(next);
      notifySuccess("Teaching profile saved", "Your subjects, bio and time zone are up to date.");
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TagsInput
          label="Subjects"
          description="Press Enter or type a comma after each subject. At most 20."
          placeholder={form.values.subjects.length ? undefined : "e.g. Maths, Physics"}
          splitChars={[","]}
          maxTags={20}
          clearable
          clearButtonProps={{ "aria-label": "Remove all subjects" }}
          comboboxProps={{ keepMounted: false }}
          {...form.getInputProps("subjects")}
        />
        <Textarea
          label="Bio"
          description={`What families and your workspace see about you. ${bioLength} of ${BIO_MAX} characters.`}
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps("bio")}
        />
        <Select
          label="Time zone"
          description="Your availability is in this zone."
          searchable
          allowDeselect={false}
          nothingFoundMessage="No time zone matches"
          maxDropdownHeight={280}
          comboboxProps={{ keepMounted: false }}
          data={zones}
          {...form.getInputProps("timeZone")}
        />
        <FormError error={formError} title="Could not save your teaching profile" />
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save teaching profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
