import { Anchor, Button, Group, Stack, Text, VisuallyHidden } from "@mantine/core";
import { IconExternalLink, IconPlayerPlay, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { formatBytes, type Recording } from "../../../../shared/schemas/recordings.ts";
import { useDateTime } from "../../session/display-time-zone.ts";

/**
 * One recording: a file plays in the browser's own player (its src is the file's address;
 * the server answers range requests, so seeking works), a link opens in a new tab. The player
 * is made only when asked for: each play is audited, and a player made up front would start
 * loading the file with no one listening.
 */
/** The Play button gives way to the player: keyboard focus moves onto it rather than being lost. */
const focusOnMount = (element: HTMLMediaElement | null) => element?.focus();

export function RecordingItem({ recording, onDelete }: { recording: Recording; onDelete?: () => void }) {
  const [playing, setPlaying] = useState(false);
  const { instant } = useDateTime();
  const isVideo = recording.contentType?.startsWith("video/") ?? false;
  const details = [
    recording.kind === "file" ? `${isVideo ? "Video" : "Audio"}, ${formatBytes(recording.sizeBytes ?? 0)}` : "Link",
    `added ${instant(recording.createdAt)}`,
    recording.addedBy ? `by ${recording.addedBy}` : null,
  ].filter(Boolean);

  return (
    <Stack gap="xs" component="li" style={{ listStyle: "none" }}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ flex: "1 1 14rem", minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {recording.title}
          </Text>
          <Text size="sm" c="dimmed">
            {details.join(" · ")}
          </Text>
        </Stack>
        <Group gap="xs">
          {recording.openUrl ? (
            <Button
              component="a"
              href={recording.openUrl}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              size="xs"
              rightSection={<IconExternalLink size={14} aria-hidden="true" />}
            >
              Open link<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </Button>
          ) : null}
          {recording.kind === "file" && !playing ? (
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlayerPlay size={14} aria-hidden="true" />}
              onClick={() => setPlaying(true)}
              aria-label={`Play ${recording.title}`}
            >
              Play
            </Button>
          ) : null}
          {recording.kind === "file" && recording.fileUrl ? (
            <Anchor href={recording.fileUrl} download size="sm" aria-label={`Download ${recording.title}`}>
              Download
            </Anchor>
          ) : null}
          {onDelete ? (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} aria-hidden="true" />}
              onClick={onDelete}
              aria-label={`Delete ${recording.title}`}
            >
              Delete
            </Button>
          ) : null}
        </Group>
      </Group>
      {/* Uploaded recordings come without captions; an empty caption track would only pretend otherwise. */}
      {playing && recording.fileUrl ? (
        isVideo ? (
          // eslint-disable-next-line jsx-a11y/media-has-caption
          <video
            ref={focusOnMount}
            controls
            autoPlay
            src={recording.fileUrl}
            style={{ width: "100%", maxHeight: "28rem", background: "black" }}
            aria-label={recording.title}
          />
        ) : (
          // eslint-disable-next-line jsx-a11y/media-has-caption
          <audio ref={focusOnMount} controls autoPlay src={recording.fileUrl} style={{ width: "100%" }} aria-label={recording.title} />
        )
      ) : null}
    </Stack>
  );
}
