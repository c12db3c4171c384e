import { Button, FileInput, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { formatBytes } from "../../../../shared/schemas/recordings.ts";
import { RESOURCE_ACCEPT, RESOURCE_FORMATS_TEXT, resourceUrlField, type ResourceDetail } from "../../../../shared/schemas/resources.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import type { UploadHandle } from "../../../lib/upload.ts";
import { uploadResourceVersion, useAddLinkVersion } from "../api.ts";
import { UploadProgress } from "../../../components/forms/upload-progress.tsx";
import { fileProblem, fileTypeOf } from "../format.ts";

/** A new version: a file for a file resource, an address for a link. The earlier versions stay. */
export function VersionForm({ area, resource, maxBytes, onDone }: { area: "admin" | "tutor"; resource: ResourceDetail; maxBytes: number; onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState("");
  const [note, setNote] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<Error | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useRef<UploadHandle<ResourceDetail> | null>(null);
  useEffect(() => () => upload.current?.abort(), []);
  const addLink = useAddLinkVersion(area, resource.id);

  const send = async () => {
    setFailure(null);
    if (resource.kind === "link") {
      const checked = resourceUrlField.safeParse(url);
      setFieldError(checked.success ? null : (checked.error.issues[0]?.message ?? "Link is not valid."));
      if (!checked.success) return;
      addLink.mutate({ url: checked.data, note: note.trim() || null }, { onSuccess: onDone, onError: setFailure });
      return;
    }
    const problem = fileProblem(file, maxBytes);
    const type = file ? fileTypeOf(file) : null;
    setFieldError(problem);
    if (problem || !file || !type) return;
    setProgress(0);
    upload.current = uploadResourceVersion(area, resource.id, file, type, note.trim(), setProgress);
    try {
      await upload.current.done;
      onDone();
    } catch (error) {
      if (!(error instanceof DOMException && error.name === "AbortError")) setFailure(error as Error);
    } finally {
      upload.current = null;
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <form
      aria-label="Add a new version"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Stack gap="sm">
        {resource.kind === "file" ? (
          <FileInput
            label="New file"
            description={`${RESOURCE_FORMATS_TEXT}; at most ${formatBytes(maxBytes)}`}
            accept={RESOURCE_ACCEPT}
            value={file}
            onChange={setFile}
            error={fieldError}
            required
            clearable
            clearButtonProps={{ "aria-label": "Remove the chosen file" }}
            leftSection={<IconUpload size={16} aria-hidden="true" />}
            disabled={uploading}
          />
        ) : (
          <TextInput
            label="New link"
            type="url"
            placeholder="https://"
            required
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            error={fieldError}
          />
        )}
        <TextInput label="What changed" maxLength={300} value={note} onChange={(event) => setNote(event.currentTarget.value)} disabled={uploading} />
        {resource.requiresAcknowledgement ? (
          <Text size="sm" c="dimmed">
            Everyone it is for will be asked to acknowledge the new version.
          </Text>
        ) : null}
        {uploading ? <UploadProgress fraction={progress} /> : null}
        <FormError error={failure} title="Could not add the version" />
        <Group>
          {uploading ? (
            <Button variant="default" onClick={() => upload.current?.abort()}>
              Cancel upload
            </Button>
          ) : (
            <Button type="submit" loading={addLink.isPending}>
              Add version {resource.current.version + 1}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
