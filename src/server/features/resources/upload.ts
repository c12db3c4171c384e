/**
 * A library upload, checked before anything is stored: the declared type (allowlist), the
 * file name (no path; an extension of that type), the declared length (required, at most the
 * limit) and the file's leading bytes; while streaming, the limit and the length again.
 */
import { randomUUID } from "node:crypto";
import { formatBytes } from "../../../shared/schemas/recordings.ts";
import { isResourceFileType, RESOURCE_FILE_TYPES, RESOURCE_FORMATS_TEXT, type ResourceFileType } from "../../../shared/schemas/resources.ts";
import type { AppDeps } from "../../core/context.ts";
import { AppError } from "../../lib/app-error.ts";
import { peek } from "../../storage/peek.ts";
import { LengthMismatch, ObjectTooLarge } from "../../storage/storage.ts";
import { contentMatchesType, HEAD_BYTES } from "./file-types.ts";

export interface UploadRequest {
  contentType: string | undefined;
  contentLength: string | undefined;
  body: ReadableStream<Uint8Array> | null;
}

export interface StoredUpload {
  storageKey: string;
  contentType: ResourceFileType;
  sizeBytes: number;
  fileName: string;
}

const tooLarge = (maxBytes: number) => new AppError("PAYLOAD_TOO_LARGE", 413, `The file is too large: a resource may be at most ${formatBytes(maxBytes)}.`);
const wrongType = (what: string) => new AppError("UNSUPPORTED_MEDIA_TYPE", 415, `${what} The library accepts ${RESOURCE_FORMATS_TEXT} files.`);

/** Checks the upload and stores it under a new key of the workspace's folder; nothing is stored when a check fails. */
export async function storeUpload(deps: AppDeps, organizationId: string, resourceId: string, fileName: string, request: UploadRequest): Promise<StoredUpload> {
  const contentType = (request.contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (!isResourceFileType(contentType))
    throw wrongType(contentType ? `Files of type ${contentType.slice(0, 100)} cannot be added.` : "The upload does not say its media type (Content-Type).");
  const type = RESOURCE_FILE_TYPES[contentType];
  const extension = fileName.toLowerCase().split(".").pop() ?? "";
  if (!fileName.includes(".") || !(type.extensions as readonly string[]).includes(extension))
    throw wrongType(`The file's name "${fileName}" does not end in .${type.extensions.join(" or .")}, as a ${type.label} file should.`);
  const maxBytes = deps.config.resourceMaxBytes;
  const length = Number(request.contentLength);
  if (request.contentLength === undefined || !/^\d+$/.test(request.contentLength.trim()) || !Number.isSafeInteger(length))
    throw new AppError("VALIDATION_FAILED", 411, "The upload must state its size in bytes (Content-Length).");
  if (length > maxBytes) throw tooLarge(maxBytes);
  if (length === 0 || !request.body) throw new AppError("VALIDATION_FAILED", 400, "The file is empty.");

  const { head, stream } = await peek(request.body, HEAD_BYTES);
  if (!contentMatchesType(contentType, head)) {
    await stream.cancel().catch(() => undefined);
    throw wrongType(`The file's content is not ${type.label} (${contentType}), whatever its name says.`);
  }
  const storageKey = `${organizationId}/${resourceId}/${randomUUID()}`;
  try {
    await deps.resources.put(storageKey, stream, { length, maxBytes, contentType });
  } catch (error) {
    if (error instanceof ObjectTooLarge) throw tooLarge(maxBytes);
    if (error instanceof LengthMismatch)
      throw new AppError("VALIDATION_FAILED", 400, "The upload did not deliver the size it stated (cut short?); nothing was saved. Try again.");
    throw error;
  }
  return { storageKey, contentType, sizeBytes: length, fileName };
}

/** Removes a stored upload whose row could not be written (logged when even that fails). */
export async function discardUpload(deps: AppDeps, storageKey: string): Promise<void> {
  await deps.resources
    .delete(storageKey)
    .catch((error: unknown) => deps.logger.error({ err: error, key: storageKey }, "resource file left after a failed upload"));
}

/** Whether a type's text can be read for search. */
export const hasSearchableText = (type: ResourceFileType) => type === "application/pdf" || type.startsWith("text/");
