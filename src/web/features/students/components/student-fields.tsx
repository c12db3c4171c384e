import { SimpleGrid, TagsInput, TextInput, Textarea } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { COMMON_SUBJECTS, type StudentFormValues } from "../format.ts";

/**
 * The fields of a student record, shared by "Add student" and the record's edit form.
 * `full` adds goals and notes (the create form keeps to the essentials).
 */
export function StudentFields({
  form,
  full = false,
  focusFirst = false,
}: {
  form: UseFormReturnType<StudentFormValues>;
  full?: boolean;
  focusFirst?: boolean;
}) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <TextInput
          label="Name"
          description="Full name, as on school records."
          required
          data-autofocus={focusFirst || undefined}
          {...form.getInputProps("name")}
        />
        <TextInput label="Preferred name" description="What they like to be called (optional)." {...form.getInputProps("preferredName")} />
        <TextInput label="Grade or year" description="For example Year 9 or Grade 4 (optional)." {...form.getInputProps("grade")} />
        <TextInput label="School" description="Optional." {...form.getInputProps("school")} />
      </SimpleGrid>
      <TagsInput
        label="Subjects"
        description="Press Enter after each subject. Pick a suggestion or type your own."
        data={COMMON_SUBJECTS}
        maxTags={20}
        clearable
        clearButtonProps={{ "aria-label": "Clear all subjects" }}
        comboboxProps={{ keepMounted: false }}
        {...form.getInputProps("subjects")}
      />
      {full ? (
        <>
          <Textarea
            label="Goals"
            description="What the student and family want to achieve."
            autosize
            minRows={2}
            maxRows={8}
            {...form.getInputProps("goals")}
          />
          <Textarea
            label="Notes (visible to the family)"
            description="Guardians, and the student if they have a login, can read these notes. Keep private remarks out of them."
            autosize
            minRows={3}
            maxRows={10}
            {...form.getInputProps("notes")}
          />
        </>
      ) : null}
    </>
  );
}
