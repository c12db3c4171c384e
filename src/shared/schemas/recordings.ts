/**
 * Session recordings: a file (audio or video, uploaded) or a link (to a recording kept
 * elsewhere). Shared by the API and the web app: the accepted types, the forms' fields and
 * the answers.
 */
import { z } from "zod";
import { nameField } from "./fields.ts";

/**
 * The media types an upload may declare, with the file extension its download is named with.
 * The server also checks each file's leading bytes against the declared type
 * (server/features/recordings/media-types.ts), so a renamed file of another kind is refused.
 */
export const RECORDING_MEDIA_TYPES = {
  "audio/mpeg": "mp3",
  "audio/mp4": "m4a",
  "audio/x-m4a": "m4a",
  "audio/aac": "aac",
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/wave": "wav",
  "audio/ogg": "ogg",
  "audio/webm": "webm",
  "audio/flac": "flac",
  "video/mp4": "mp4",
  "video/webm": "webm",
  "video/quicktime": "mov",
  "video/ogg": "ogv",
} as const;
export type RecordingMediaType = keyof typeof RECORDING_MEDIA_TYPES;
export const isRecordingMediaType = (value: string): value is RecordingMediaType => Object.hasOwn(RECORDING_MEDIA_TYPES, value);
/** For people: "MP3, M4A, AAC, …". */
export const RECORDING_FORMATS_TEXT = [...new Set(Object.values(RECORDING_MEDIA_TYPES))].map((extension) => extension.toUpperCase()).join(", ");

/** "2 GiB", "64 KiB", "1.5 MiB": a byte count as people read it (binary units, as the limit is set). */
export function formatBytes(bytes: number): string {
  const units = ["bytes", "KiB", "MiB", "GiB", "TiB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 ? String(value) : value >= 100 || Number.isInteger(value) ? value.toFixed(0) : value.toFixed(1);
  return `${shown} ${units[unit]}`;
}

export const recordingTitleField = nameField("Title", 200);

const LINK_MESSAGE = "Link must be a web address starting with http:// or https://.";
export const recordingUrlField = z
  .url({ protocol: /^https?$/, error: LINK_MESSAGE })
  .max(2000, "Link must be at most 2000 characters.")
  .refine((value) => !/[\s<>"]/.test(value), LINK_MESSAGE);

export const recordingLinkCreateSchema = z.object({ title: recordingTitleField, url: recordingUrlField });
export type RecordingLinkCreate = z.infer<typeof recordingLinkCreateSchema>;

/** The upload's query; the file itself is the raw request body, with its media type as Content-Type. */
export const recordingUploadQuerySchema = z.object({ title: recordingTitleField });
export type RecordingUploadQuery = z.infer<typeof recordingUploadQuerySchema>;

export const recordingSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  kind: z.enum(["file", "link"]),
  title: z.string(),
  /** A link's address; null for a file. */
  url: z.string().nullable(),
  /** A file's address for playing or downloading (range requests allowed); null for a link. */
  fileUrl: z.string().nullable(),
  /** A link's address through the app, which records the opening in the access log and sends the browser on; null for a file. */
  openUrl: z.string().nullable(),
  contentType: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  addedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Recording = z.infer<typeof recordingSchema>;

export const recordingListSchema = z.object({
  items: z.array(recordingSchema),
  /** The largest file an upload may be, in bytes. */
  maxUploadBytes: z.number(),
  /** Days after which the workspace deletes recorded files; null: kept. */
  retentionDays: z.number().nullable(),
});
export type RecordingList = z.infer<typeof recordingListSchema>;
