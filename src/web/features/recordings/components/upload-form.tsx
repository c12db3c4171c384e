import { Button, FileInput, Group, Stack, TextInput } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { formatBytes, RECORDING_FORMATS_TEXT, recordingTitleField } from "../../../../shared/schemas/recordings.ts";
import type { Recording } from "../../../../shared/schemas/recordings.ts";
import type { UploadHandle } from "../../../lib/upload.ts";
import { uploadRecordingFile } from "../api.ts";
import { ACCEPT, mediaTypeOf, titleFromFileName } from "../format.ts";
import { UploadProgress } from "../../../components/forms/upload-progress.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";

/**
 * "Upload a file": an audio or video file up to the workspace's limit, with progress and a
 * way to cancel. The type and size are checked here first, so a wrong file is refused before
 * it is sent; the server checks both again, and the file's content.
 */
export function UploadForm({
  area,
  sessionId,
  maxBytes,
  onDone,
}: {
  area: "admin" | "tutor";
  sessionId: string;
  maxBytes: number;
  onDone: (title: string) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState("");
  const [fileError, setFileError] = useState<string | null>(null);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [failure, setFailure] = useState<Error | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useRef<UploadHandle<Recording> | null>(null);
  const autoTitle = useRef("");
  useEffect(() => () => upload.current?.abort(), []);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setFailure(null);
    setFileError(null);
    if (!chosen) return;
    if (!mediaTypeOf(chosen)) setFileError(`This is not an audio or video file we accept (${RECORDING_FORMATS_TEXT}).`);
    else if (chosen.size > maxBytes) setFileError(`This file is ${formatBytes(chosen.size)}: a recording may be at most ${formatBytes(maxBytes)}.`);
    else if (chosen.size === 0) setFileError("This file is empty.");
    // The title follows the chosen file until the person types their own.
    if (!title.trim() || title === autoTitle.current) {
      autoTitle.current = titleFromFileName(chosen.name);
      setTitle(autoTitle.current);
    }
  };

  const send = async () => {
    const type = file ? mediaTypeOf(file) : null;
    const checked = recordingTitleField.safeParse(title);
    setTitleError(checked.success ? null : (checked.error.issues[0]?.message ?? "Title is not valid."));
    if (!file) setFileError("Choose a file.");
    if (!file || !type || fileError || !checked.success) return;
    setFailure(null);
    setProgress(0);
    upload.current = uploadRecordingFile(area, sessionId, file, type, checked.data, setProgress);
    try {
      const recording = await upload.current.done;
      setFile(null);
      setTitle("");
      onDone(recording.title);
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
      aria-label="Upload a recording"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Stack gap="sm">
        <Group grow align="flex-start" wrap="wrap">
          <FileInput
            label="Audio or video file"
            description={`${RECORDING_FORMATS_TEXT}; at most ${formatBytes(maxBytes)}`}
            accept={ACCEPT}
            value={file}
            onChange={choose}
            error={fileError}
            disabled={uploading}
            clearable
            clearButtonProps={{ "aria-label": "Remove the chosen file" }}
            leftSection={<IconUpload size={16} aria-hidden="true" />}
            required
          />
          <TextInput
            label="Title"
            required
            maxLength={200}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            error={titleError}
            disabled={uploading}
          />
        </Group>
        {uploading ? <UploadProgress fraction={progress} /> : null}
        <FormError error={failure} title="Could not upload the recording" />
        <Group>
          {uploading ? (
            <Button variant="default" onClick={() => upload.current?.abort()}>
              Cancel upload
            </Button>
          ) : (
            <Button type="submit">Upload</Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
