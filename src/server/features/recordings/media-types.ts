/**
 * Whether a file's leading bytes are what its declared media type says: an upload is refused
 * when they are not (a text file or a program renamed to .mp3 is not an MP3). Each family is
 * recognised by its container's signature.
 */
import type { RecordingMediaType } from "../../../shared/schemas/recordings.ts";

/** How many leading bytes the check needs. */
export const SIGNATURE_BYTES = 12;

const ascii = (head: Uint8Array, offset: number, text: string) => text.split("").every((char, index) => head[offset + index] === char.charCodeAt(0));

const SIGNATURES = {
  /** ID3 tag, or an MPEG audio frame header (sync bits, and a layer, which AAC's ADTS lacks). */
  mpeg: (head: Uint8Array) => ascii(head, 0, "ID3") || (head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && (head[1]! & 0x06) !== 0),
  /** ADTS header (sync bits, layer 00), or an ID3 tag before it. */
  aac: (head: Uint8Array) => ascii(head, 0, "ID3") || (head[0] === 0xff && (head[1]! & 0xf6) === 0xf0),
  /** ISO base media (MP4, M4A, QuickTime): a box type at offset 4. */
  isoMedia: (head: Uint8Array) => ascii(head, 4, "ftyp"),
  quicktime: (head: Uint8Array) => ["ftyp", "moov", "mdat", "free", "skip", "wide", "pnot"].some((box) => ascii(head, 4, box)),
  wave: (head: Uint8Array) => ascii(head, 0, "RIFF") && ascii(head, 8, "WAVE"),
  ogg: (head: Uint8Array) => ascii(head, 0, "OggS"),
  /** EBML header (WebM, Matroska). */
  webm: (head: Uint8Array) => head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3,
  flac: (head: Uint8Array) => ascii(head, 0, "fLaC"),
} satisfies Record<string, (head: Uint8Array) => boolean>;

const SIGNATURE_OF: Record<RecordingMediaType, keyof typeof SIGNATURES> = {
  "audio/mpeg": "mpeg",
  "audio/mp4": "isoMedia",
  "audio/x-m4a": "isoMedia",
  "audio/aac": "aac",
  "audio/wav": "wave",
  "audio/x-wav": "wave",
  "audio/wave": "wave",
  "audio/ogg": "ogg",
  "audio/webm": "webm",
  "audio/flac": "flac",
  "video/mp4": "isoMedia",
  "video/webm": "webm",
  "video/quicktime": "quicktime",
  "video/ogg": "ogg",
};

export function contentMatchesType(type: RecordingMediaType, head: Uint8Array): boolean {
  return head.length >= 4 && SIGNATURES[SIGNATURE_OF[type]](head);
}
