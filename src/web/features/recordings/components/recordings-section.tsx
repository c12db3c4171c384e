import { Button, Divider, Group, Modal, SegmentedControl, Stack, Text, VisuallyHidden } from "@mantine/core";

import { useState } from "react";

import type { Recording } from "../../../../shared/schemas/recordings.ts";

import { QueryState } from "../../../components/ui/query-state.tsx";

import { SectionCard } from "../../../components/ui/section-card.tsx";

import { useDeleteRecording, useRecordings } from "../api.ts";
import { FormError } from "../../../components/ui/form-error.tsx";

import { LinkForm } from "./link-form.tsx";

import { RecordingItem } from "./recording-item.tsx";

import { UploadForm } from "./upload-form.tsx";
import type { Area } from "../../../../shared/roles.ts";

/**
 * A session's recordings, for its page in every area: everyone who sees the session lists and
 * plays them; its admins and tutor (canManage) upload files, add links and delete.
 */
export function RecordingsSection({ sessionId, area, canManage }: { sessionId: string; area: Area; canManage: boolean }) {
  const recordings = useRecordings(area, sessionId);
  const manages = canManage && (area === "admin" || area === "tutor");
  const [announcement, setAnnouncement] = useState("");
  const retention = recordings.data?.retentionDays;

  return (
    <SectionCard
      title="Recordings"
      description={
        retention
          ? `Recorded files are deleted ${retention} days after they are added (links are kept). Each play of a file and each opening of a link is recorded in the student's access log.`
          : "Each play of a file and each opening of a link is recorded in the student's access log."
      }
    >
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      <QueryState query={recordings} label="the recordings">
        {(list) => (
          <Stack gap="md">
            {list.items.length === 0 ? (
              <Text size="sm">No recordings for this session yet.</Text>
            ) : (
              <Stack component="ul" gap="md" p={0} m={0} aria-label="Recordings of this session">
                {list.items.map((recording) => (
                  <ManagedItem
                    key={recording.id}
                    recording={recording}
                    area={area}
                    sessionId={sessionId}
                    manages={manages}
                    onDeleted={() => setAnnouncement(`Deleted ${recording.title}.`)}
                  />
                ))}
              </Stack>
            )}
            {manages ? (
              <>
                <Divider />
                <AddRecording
                  area={area as "admin" | "tutor"}
                  sessionId={sessionId}
                  maxBytes={list.maxUploadBytes}
                  onAdded={(title) => setAnnouncement(`Added ${title}.`)}
                />
              </>
            ) : null}
          </Stack>
        )}
      </QueryState>
    </SectionCard>
  );
}

function AddRecording({
  area,
  sessionId,
  maxBytes,
  onAdded,
}: {
  area: "admin" | "tutor";
  sessionId: string;
  maxBytes: number;
  onAdded: (title: string) => void;
}) {
  const [mode, setMode] = useState<"file" | "link">("file");
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Add a recording as"
        value={mode}
        onChange={(value) => setMode(value as "file" | "link")}
        data={[
          { value: "file", label: "Upload a file" },
          { value: "link", label: "Add a link" },
        ]}
        style={{ alignSelf: "flex-start" }}
      />
      {mode === "file" ? (
        <UploadForm area={area} sessionId={sessionId} maxBytes={maxBytes} onDone={onAdded} />
      ) : (
        <LinkForm area={area} sessionId={sessionId} onDone={onAdded} />
      )}
    </Stack>
  );
}

function ManagedItem({
  recording,
  area,
  sessionId,
  manages,
  onDeleted,
}: {
  recording: Recording;
  area: Area;
  sessionId: string;
  manages: boolean;
  onDeleted: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  if (!manages) return <RecordingItem recording={recording} />;
  return (
    <>
      <RecordingItem recording={recording} onDelete={() => setConfirming(true)} />
      <DeleteModal
        opened={confirming}
        recording={recording}
        area={area as "admin" | "tutor"}
        sessionId={sessionId}
        onClose={() => setConfirming(false)}
        onDeleted={onDeleted}
      />
    </>
  );
}

/** Kept mounted (opened or not), so that closing it gives focus back to the Delete button. */
function DeleteModal({
  opened,
  recording,
  area,
  sessionId,
  onClose,
  onDeleted,
}: {
  opened: boolean;
  recording: Recording;
  area: "admin" | "tutor";
  sessionId: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteRecording(area, sessionId);
  return (
    <Modal opened={opened} onClose={onClose} title="Delete this recording?" centered closeButtonProps={{ "aria-label": "Close" }}>
      <Stack gap="md">
        <Text size="sm">
          {recording.kind === "file"
            ? `"${recording.title}" and its file are deleted for everyone. This cannot be undone.`
            : `The link "${recording.title}" is removed for everyone (the recording it points to is not touched).`}
        </Text>
        <FormError error={remove.error} title="Could not delete the recording" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(recording.id, {
                onSuccess: () => {
                  onClose();
                  onDeleted();
                },
              })
            }
          >
            Delete recording
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
