import { isRecordingMediaType, RECORDING_MEDIA_TYPES, type RecordingMediaType } from "../../../shared/schemas/recordings.ts";

const EXTENSION_TYPES = new Map<string, RecordingMediaType>();
for (const [type, extension] of Object.entries(RECORDING_MEDIA_TYPES) as [RecordingMediaType, string][])
  if (!EXTENSION_TYPES.has(extension)) EXTENSION_TYPES.set(extension, type);

/** The media type to upload a file as: the browser's, if allowed, else the one its extension names; null when neither is an audio or video type the API accepts. */
export function mediaTypeOf(file: { name: string; type: string }): RecordingMediaType | null {
  const given = file.type.toLowerCase();
  if (isRecordingMediaType(given)) return given;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return (extension && EXTENSION_TYPES.get(extension)) || null;
}

/** The file's name without its extension, as a first title. */
export const titleFromFileName = (name: string) =>
  name
    .replace(/\.[a-z0-9]{1,5}$/i, "")
    .replace(/[_]+/g, " ")
    .trim()
    .slice(0, 200);

/** What the file input accepts: every allowed type and extension. */
export const ACCEPT = [...Object.keys(RECORDING_MEDIA_TYPES), ...new Set(Object.values(RECORDING_MEDIA_TYPES).map((extension) => `.${extension}`))].join(",");
