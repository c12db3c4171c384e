/**
 * Whether a file's leading bytes are what its declared type says: an upload is refused when
 * they are not (a program renamed handbook.pdf is not a PDF). Binary formats are recognised by
 * their signature; a text file by having no NUL byte, valid UTF-8 and no binary signature.
 */
import type { ResourceFileType } from "../../../shared/schemas/resources.ts";

/** How many leading bytes the check reads. */
export const HEAD_BYTES = 1024;

const ascii = (head: Uint8Array, offset: number, text: string) => text.split("").every((char, index) => head[offset + index] === char.charCodeAt(0));
const bytes = (head: Uint8Array, expected: number[]) => expected.every((value, index) => head[index] === value);

/** Signatures of formats that must never pass as text (documents, archives, programs). */
const BINARY_SIGNATURES: ((head: Uint8Array) => boolean)[] = [
  (head) => ascii(head, 0, "%PDF-"),
  (head) => bytes(head, [0x50, 0x4b, 0x03, 0x04]),
  (head) => ascii(head, 0, "MZ"),
  (head) => bytes(head, [0x7f, 0x45, 0x4c, 0x46]),
  (head) => bytes(head, [0xcf, 0xfa, 0xed, 0xfe]),
  (head) => bytes(head, [0x89, 0x50, 0x4e, 0x47]),
  (head) => bytes(head, [0xff, 0xd8, 0xff]),
  (head) => ascii(head, 0, "GIF8"),
];

/** The head is UTF-8 text: no NUL and no malformed sequence (one cut off at the head's end is allowed). */
function looksLikeText(head: Uint8Array): boolean {
  if (head.includes(0) || BINARY_SIGNATURES.some((matches) => matches(head))) return false;
  // Up to three trailing bytes may be the start of a character the head cut in two.
  for (let trim = 0; trim <= Math.min(3, head.length); trim++) {
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(head.subarray(0, head.length - trim));
      return true;
    } catch {
      // try with one byte fewer
    }
  }
  return false;
}

const zipContainer = (head: Uint8Array) => bytes(head, [0x50, 0x4b, 0x03, 0x04]);

const MATCHES: Record<ResourceFileType, (head: Uint8Array) => boolean> = {
  "application/pdf": (head) => ascii(head, 0, "%PDF-"),
  "image/png": (head) => bytes(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  "image/jpeg": (head) => bytes(head, [0xff, 0xd8, 0xff]),
  "image/gif": (head) => ascii(head, 0, "GIF87a") || ascii(head, 0, "GIF89a"),
  "image/webp": (head) => ascii(head, 0, "RIFF") && ascii(head, 8, "WEBP"),
  "text/plain": looksLikeText,
  "text/markdown": looksLikeText,
  "text/csv": looksLikeText,
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": zipContainer,
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": zipContainer,
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": zipContainer,
};

export function contentMatchesType(type: ResourceFileType, head: Uint8Array): boolean {
  return head.length >= 1 && MATCHES[type](head);
}
