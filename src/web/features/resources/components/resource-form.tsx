import {
  Autocomplete,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { IconUpload } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { formatBytes } from "../../../../shared/schemas/recordings.ts";
import {
  RESOURCE_ACCEPT,
  RESOURCE_AUDIENCE_LABELS,
  RESOURCE_AUDIENCES,
  RESOURCE_FORMATS_TEXT,
  resourceDetailsSchema,
  resourceUrlField,
  type ResourceAudience,
  type ResourceDetail,
  type ResourceDetails,
} from "../../../../shared/schemas/resources.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import type { UploadHandle } from "../../../lib/upload.ts";
import { useTutorStudents } from "../../calendar/api.ts";
import { uploadResourceFile, useAddLinkResource, useUpdateResource } from "../api.ts";
import { UploadProgress } from "../../../components/forms/upload-progress.tsx";
import { fileProblem, fileTypeOf } from "../format.ts";

type ManagingArea = "admin" | "tutor";

interface FormValues {
  kind: "file" | "link";
  file: File | null;
  url: string;
  title: string;
  description: string;
  category: string;
  tags: string[];
  audience: string[];
  studentIds: string[];
  requiresAcknowledgement: boolean;
}

const detailsOf = (values: FormValues): ResourceDetails => ({
  title: values.title,
  description: values.description,
  category: values.category,
  tags: values.tags,
  audience: values.audience as ResourceAudience[],
  studentIds: values.studentIds,
  requiresAcknowledgement: values.requiresAcknowledgement,
});

const titleFromFileName = (name: string) =>
  name
    .replace(/\.[^.]+$/, "")
    .replace(/[_-]+/g, " ")
    .trim()
    .slice(0, 200);

/**
 * Adding a resource (a file or a link) or changing what describes one. An admin chooses the
 * roles it is for and whether they must acknowledge it; a tutor chooses students of theirs.
 * Kept mounted, so that closing gives focus back to the button that opened it.
 */
export function ResourceFormModal({
  opened,
  onClose,
  area,
  categories,
  maxBytes,
  editing,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  area: ManagingArea;
  categories: string[];
  maxBytes: number;
  /** The resource to change; absent to add one. */
  editing?: ResourceDetail;
  onSaved: (resource: ResourceDetail) => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? `Change “${editing.title}”` : "Add a resource"}
      size="lg"
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {opened ? <ResourceForm area={area} categories={categories} maxBytes={maxBytes} editing={editing} onSaved={onSaved} onCancel={onClose} /> : null}
    </Modal>
  );
}

function ResourceForm({
  area,
  categories,
  maxBytes,
  editing,
  onSaved,
  onCancel,
}: {
  area: ManagingArea;
  categories: string[];
  maxBytes: number;
  editing: ResourceDetail | undefined;
  onSaved: (resource: ResourceDetail) => void;
  onCancel: () => void;
}) {
  // A tutor's resource keeps its owner's form, even when an admin changes it.
  const forStudents = editing ? editing.owner !== null : area === "tutor";
  const students = useTutorStudents(forStudents && area === "tutor");
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useRef<UploadHandle<ResourceDetail> | null>(null);
  useEffect(() => () => upload.current?.abort(), []);
  const addLink = useAddLinkResource(area);
  const update = useUpdateResource(area, editing?.id ?? "");
  const save = useMutation({
    mutationFn: async (values: FormValues): Promise<ResourceDetail> => {
      const details = detailsOf(values);
      if (editing) return update.mutateAsync(details);
      if (values.kind === "link") return addLink.mutateAsync({ ...details, url: values.url });
      setProgress(0);
      upload.current = uploadResourceFile(area, values.file!, fileTypeOf(values.file!)!, details, setProgress);
      try {
        return await upload.current.done;
      } finally {
        upload.current = null;
        setProgress(null);
      }
    },
  });
  const initialValues: FormValues = {
    kind: "file",
    file: null,
    url: "",
    title: editing?.title ?? "",
    description: editing?.description ?? "",
    category: editing?.category ?? "",
    tags: editing?.tags ?? [],
    audience: editing?.audience ?? [],
    studentIds: editing?.sharedWith.map((share) => share.id) ?? [],
    requiresAcknowledgement: editing?.requiresAcknowledgement ?? false,
  };
  const { form, onSubmit, send, formError } = useApiForm(resourceDetailsSchema, save, {
    initialValues,
    input: detailsOf,
    validate: (values) => {
      const errors: Record<string, string> = {};
      if (!editing && values.kind === "file") {
        const problem = fileProblem(values.file, maxBytes);
        if (problem) errors.file = problem;
      }
      if (!editing && values.kind === "link") {
        const url = resourceUrlField.safeParse(values.url);
        if (!url.success) errors.url = url.error.issues[0]?.message ?? "Link is not valid.";
      }
      if (!forStudents && values.audience.length === 0) errors.audience = "Choose who the resource is for: tutors, parents or students.";
      if (forStudents && area === "tutor" && values.studentIds.length === 0) errors.studentIds = "Choose the students to share it with.";
      return errors;
    },
  });
  const autoTitle = useRef("");
  const chooseFile = (file: File | null) => {
    form.setFieldValue("file", file);
    // The title follows the chosen file until the person types their own.
    if (file && (!form.values.title.trim() || form.values.title === autoTitle.current)) {
      autoTitle.current = titleFromFileName(file.name);
      form.setFieldValue("title", autoTitle.current);
    }
  };
  const submit = onSubmit((values) => send(values, onSaved));
  const uploading = progress !== null;

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? "Change the resource" : "Add a resource"}>
      <Stack gap="sm">
        {editing ? null : (
          <>
            <SegmentedControl
              aria-label="Add a resource as"
              data={[
                { value: "file", label: "Upload a file" },
                { value: "link", label: "Add a link" },
              ]}
              {...form.getInputProps("kind")}
              style={{ alignSelf: "flex-start" }}
            />
            {form.values.kind === "file" ? (
              <FileInput
                label="File"
                description={`${RESOURCE_FORMATS_TEXT}; at most ${formatBytes(maxBytes)}`}
                accept={RESOURCE_ACCEPT}
                required
                clearable
                clearButtonProps={{ "aria-label": "Remove the chosen file" }}
                leftSection={<IconUpload size={16} aria-hidden="true" />}
                disabled={uploading}
                {...form.getInputProps("file")}
                onChange={chooseFile}
              />
            ) : (
              <TextInput label="Link" type="url" placeholder="https://" required {...form.getInputProps("url")} />
            )}
          </>
        )}
        <TextInput label="Title" required maxLength={200} {...form.getInputProps("title")} />
        <Textarea label="Description" autosize minRows={2} maxLength={2000} {...form.getInputProps("description")} />
        <Group grow align="flex-start" wrap="wrap">
          <Autocomplete
            label="Category"
            required
            maxLength={60}
            data={categories}
            placeholder="Handbooks, Policies, Worksheets…"
            {...form.getInputProps("category")}
          />
          <TagsInput label="Tags" description="Press Enter after each" maxTags={10} {...form.getInputProps("tags")} />
        </Group>
        {forStudents ? (
          area === "tutor" ? (
            <MultiSelect
              label="Share with"
              description="Students assigned to you; their guardians see it too."
              required
              searchable
              data={(students.data?.items ?? []).map((student) => ({ value: student.id, label: student.name }))}
              nothingFoundMessage={students.isLoading ? "Loading your students…" : "No student of yours matches."}
              {...form.getInputProps("studentIds")}
            />
          ) : (
            <Text size="sm">
              Shared by {editing?.owner?.name} with {editing?.sharedWith.map((share) => share.name).join(", ") || "nobody any more"}.
            </Text>
          )
        ) : (
          <>
            <Checkbox.Group label="For" description="Who sees it in their resources" required {...form.getInputProps("audience")}>
              <Group gap="md" mt={6}>
                {RESOURCE_AUDIENCES.map((role) => (
                  <Checkbox key={role} value={role} label={RESOURCE_AUDIENCE_LABELS[role]} />
                ))}
              </Group>
            </Checkbox.Group>
            <Switch
              label="Ask them to acknowledge it"
              description="Each person it is for sees it until they acknowledge the current version; you see who has."
              {...form.getInputProps("requiresAcknowledgement", { type: "checkbox" })}
            />
          </>
        )}
        {uploading ? <UploadProgress fraction={progress} /> : null}
        <FormError error={formError} title={editing ? "Could not save the resource" : "Could not add the resource"} />
        <Group justify="flex-end">
          {uploading ? (
            <Button variant="default" onClick={() => upload.current?.abort()}>
              Cancel upload
            </Button>
          ) : (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {editing ? "Save" : "Add resource"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
