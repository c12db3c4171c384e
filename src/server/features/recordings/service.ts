/**
 * Session recordings: list, add a link, upload a file (streamed to storage), play or download
 * it (byte ranges), delete. Who may do what follows the session: whoever sees the session sees
 * and plays its recordings; its admins and tutor add and delete them; anyone else is answered
 * 404. Adding, deleting and playing are audited once per student of the session, so they show
 * in each student's access log.
 *
 * Playing is audited once per play, not once per range request: a player fetches a file in
 * many ranges (seeking, buffering), so only a request that includes the file's first byte
 * (no Range, or a range from byte 0) is audited. Every complete copy of a file includes its
 * first byte, so no download escapes the log.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { AuditAction } from "../../../shared/schemas/audit.ts";
import {
  formatBytes,
  isRecordingMediaType,
  RECORDING_FORMATS_TEXT,
  RECORDING_MEDIA_TYPES,
  type Recording,
  type RecordingLinkCreate,
  type RecordingList,
  type RecordingUploadQuery,
} from "../../../shared/schemas/recordings.ts";
import type { AppDeps } from "../../core/context.ts";
import { sessionRecording, user } from "../../db/schema.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { LengthMismatch, ObjectNotFound, ObjectTooLarge, type StoredObject } from "../../storage/storage.ts";
import { auditSessions, canWrite, findVisible, type SessionRow, studentsOf } from "../sessions/index.ts";
import { describeTime } from "../../core/time.ts";
import { type Actor, actorLabel } from "../../core/audit.ts";
import { isRecordId } from "../../core/ids.ts";
import { parseRange } from "./http-range.ts";
import { peek } from "../../storage/peek.ts";
import { contentDispositionOf } from "../../lib/content-disposition.ts";
import { contentMatchesType, SIGNATURE_BYTES } from "./media-types.ts";
import { readSettings } from "../../core/settings/index.ts";
import type { Area } from "../../../shared/roles.ts";

type RecordingRow = typeof sessionRecording.$inferSelect;

const recordingNotFound = () => notFound("The recording");

/** Where a recording's file is kept: one folder per workspace. */
export const storageKeyOf = (organizationId: string, recordingId: string) => `${organizationId}/${recordingId}`;

const fileUrlOf = (area: Area, row: RecordingRow) => `/api/${area}/sessions/${row.sessionId}/recordings/${row.id}/file`;
const openUrlOf = (area: Area, row: RecordingRow) => `/api/${area}/sessions/${row.sessionId}/recordings/${row.id}/open`;

function shape(area: Area, row: RecordingRow, addedBy: string | null): Recording {
  return {
    id: row.id,
    sessionId: row.sessionId,
    kind: row.kind,
    title: row.title,
    url: row.kind === "link" ? row.url : null,
    fileUrl: row.kind === "file" ? fileUrlOf(area, row) : null,
    openUrl: row.kind === "link" ? openUrlOf(area, row) : null,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    addedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

async function audit(tx: Transaction, actor: Actor, area: Area, action: AuditAction, session: SessionRow, verb: string, row: RecordingRow): Promise<void> {
  const what = row.kind === "file" ? "recording" : "recording link";
  const description = `${actorLabel(actor, area)} ${verb} a ${what} of the ${session.subject} session of ${describeTime(session.startsAt, session.endsAt, session.timeZone)}`;
  const studentIds = await studentsOf(tx, session.organizationId, [session.id]);
  await auditSessions(tx, actor, action, studentIds, description, { sessionId: session.id, recordingId: row.id, kind: row.kind });
}

async function findRecording(tx: Transaction, actor: Actor, area: Area, sessionId: string, recordingId: string, lock = false) {
  const session = await findVisible(tx, actor, area, sessionId);
  if (!isRecordId(recordingId)) throw recordingNotFound();
  const query = tx
    .select()
    .from(sessionRecording)
    .where(and(eq(sessionRecording.organizationId, session.organizationId), eq(sessionRecording.sessionId, session.id), eq(sessionRecording.id, recordingId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw recordingNotFound();
  return { session, row };
}

export async function listRecordings(deps: AppDeps, actor: Actor, area: Area, sessionId: string): Promise<RecordingList> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(deps.db, organizationId, async (tx) => {
    const session = await findVisible(tx, actor, area, sessionId);
    const rows = await tx
      .select({ recording: sessionRecording, addedBy: user.name })
      .from(sessionRecording)
      .leftJoin(user, eq(user.id, sessionRecording.uploadedByUserId))
      .where(and(eq(sessionRecording.organizationId, organizationId), eq(sessionRecording.sessionId, session.id)))
      .orderBy(asc(sessionRecording.createdAt), asc(sessionRecording.id));
    const policy = await readSettings(tx, organizationId, "sessions");
    return {
      items: rows.map(({ recording, addedBy }) => shape(area, recording, addedBy)),
      maxUploadBytes: deps.config.recordingMaxBytes,
      retentionDays: policy.recordingRetentionDays,
    };
  });
}

export async function addLink(deps: AppDeps, actor: Actor, area: Area, sessionId: string, input: RecordingLinkCreate): Promise<Recording> {
  const organizationId = actor.viewer.organizationId;
  if (!canWrite(area)) throw notFound("The session");
  return withWorkspace(deps.db, organizationId, async (tx) => {
    const session = await findVisible(tx, actor, area, sessionId);
    const [row] = await tx
      .insert(sessionRecording)
      .values({ organizationId, sessionId: session.id, kind: "link", title: input.title, url: input.url, uploadedByUserId: actor.viewer.user.id })
      .returning();
    await audit(tx, actor, area, "RECORDING_ADDED", session, "added", row!);
    return shape(area, row!, actor.viewer.user.name);
  });
}

export interface UploadRequest {
  contentType: string | undefined;
  contentLength: string | undefined;
  body: ReadableStream<Uint8Array> | null;
}

const tooLarge = (maxBytes: number) => new AppError("PAYLOAD_TOO_LARGE", 413, `The file is too large: a recording may be at most ${formatBytes(maxBytes)}.`);
const wrongType = (what: string) =>
  new AppError("UNSUPPORTED_MEDIA_TYPE", 415, `${what} Only audio and video files can be uploaded: ${RECORDING_FORMATS_TEXT}.`);

/**
 * Stores the request's body as a recording of the session. Checked before anything is
 * written: the area, the media type (allowlist), the declared length (required, at
 * most the limit) and the file's leading bytes; while streaming, the limit and the length
 * again. Nothing stays stored when any check fails or the row cannot be written.
 */
export async function uploadRecording(
  deps: AppDeps,
  actor: Actor,
  area: Area,
  sessionId: string,
  query: RecordingUploadQuery,
  request: UploadRequest,
): Promise<Recording> {
  const organizationId = actor.viewer.organizationId;
  if (!canWrite(area)) throw notFound("The session");
  // The session is checked first, without holding a connection for the upload's duration.
  await withWorkspace(deps.db, organizationId, (tx) => findVisible(tx, actor, area, sessionId));

  const contentType = (request.contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (!isRecordingMediaType(contentType))
    throw wrongType(contentType ? `Files of type ${contentType.slice(0, 100)} cannot be uploaded.` : "The upload does not say its media type (Content-Type).");
  const maxBytes = deps.config.recordingMaxBytes;
  const length = Number(request.contentLength);
  if (request.contentLength === undefined || !/^\d+$/.test(request.contentLength.trim()) || !Number.isSafeInteger(length)) {
    throw new AppError("VALIDATION_FAILED", 411, "The upload must state its size in bytes (Content-Length).");
  }
  if (length > maxBytes) throw tooLarge(maxBytes);
  if (length === 0 || !request.body) throw new AppError("VALIDATION_FAILED", 400, "The file is empty.");

  const { head, stream } = await peek(request.body, SIGNATURE_BYTES);
  if (!contentMatchesType(contentType, head)) {
    await stream.cancel().catch(() => undefined);
    throw wrongType(`The file's content is not ${RECORDING_MEDIA_TYPES[contentType].toUpperCase()} (${contentType}).`);
  }

  const recordingId = randomUUID();
  const key = storageKeyOf(organizationId, recordingId);
  try {
    await deps.recordings.put(key, stream, { length, maxBytes, contentType });
  } catch (error) {
    if (error instanceof ObjectTooLarge) throw tooLarge(maxBytes);
    if (error instanceof LengthMismatch)
      throw new AppError("VALIDATION_FAILED", 400, "The upload did not deliver the size it stated (cut short?); nothing was saved. Try again.");
    throw error;
  }
  try {
    return await withWorkspace(deps.db, organizationId, async (tx) => {
      const session = await findVisible(tx, actor, area, sessionId);
      const [row] = await tx
        .insert(sessionRecording)
        .values({
          organizationId,
          id: recordingId,
          sessionId: session.id,
          kind: "file",
          title: query.title,
          storageKey: key,
          contentType,
          sizeBytes: length,
          uploadedByUserId: actor.viewer.user.id,
        })
        .returning();
      await audit(tx, actor, area, "RECORDING_ADDED", session, "uploaded", row!);
      return shape(area, row!, actor.viewer.user.name);
    });
  } catch (error) {
    await deps.recordings.delete(key).catch((cleanup: unknown) => deps.logger.error({ err: cleanup, key }, "recording file left after a failed upload"));
    throw error;
  }
}

/** A 416; its answer names the file's size in Content-Range (routes.ts). */
export class UnsatisfiableRange extends AppError {
  readonly size: number;
  constructor(size: number) {
    super("VALIDATION_FAILED", 416, `The requested range is outside the file (${size} bytes).`);
    this.size = size;
  }
}

export interface RecordingFile {
  status: 200 | 206;
  object: StoredObject;
  headers: Record<string, string>;
}

/** Content-Disposition naming the file after its title, with the extension of its media type. */
function contentDisposition(row: RecordingRow): string {
  const extension = row.contentType && isRecordingMediaType(row.contentType) ? RECORDING_MEDIA_TYPES[row.contentType] : "bin";
  return contentDispositionOf("inline", row.title, extension, "recording");
}

/**
 * A link recording's address, the opening audited like a file's play: what a viewer opens
 * through the app is in the student's access log (the address itself lives elsewhere).
 */
export async function openRecordingLink(deps: AppDeps, actor: Actor, area: Area, sessionId: string, recordingId: string): Promise<string> {
  return withWorkspace(deps.db, actor.viewer.organizationId, async (tx) => {
    const { session, row } = await findRecording(tx, actor, area, sessionId, recordingId);
    if (row.kind !== "link" || !row.url) throw new AppError("NOT_FOUND", 404, "This recording is a file, not a link: play it.");
    await audit(tx, actor, area, "RECORDING_PLAYED", session, "opened", row);
    return row.url;
  });
}

/** The file (or the requested range of it) with the headers of its answer; the play is audited (see the file's comment). */
export async function openRecordingFile(
  deps: AppDeps,
  actor: Actor,
  area: Area,
  sessionId: string,
  recordingId: string,
  request: { range: string | undefined; headOnly: boolean },
): Promise<RecordingFile> {
  const organizationId = actor.viewer.organizationId;
  const { row, range } = await withWorkspace(deps.db, organizationId, async (tx) => {
    const { session, row } = await findRecording(tx, actor, area, sessionId, recordingId);
    if (row.kind !== "file" || !row.storageKey || row.sizeBytes === null)
      throw new AppError("NOT_FOUND", 404, "This recording is a link, not a file: open its link.");
    const range = parseRange(request.range, row.sizeBytes);
    if (range.kind === "unsatisfiable") throw new UnsatisfiableRange(row.sizeBytes);
    // A HEAD request reads no content: nothing to audit.
    if (!request.headOnly && (range.kind === "whole" || range.start === 0)) await audit(tx, actor, area, "RECORDING_PLAYED", session, "played", row);
    return { row, range };
  });
  let object: StoredObject;
  try {
    object = await deps.recordings.get(row.storageKey!, range.kind === "range" ? range : undefined);
  } catch (error) {
    if (error instanceof ObjectNotFound) {
      deps.logger.error({ key: row.storageKey, recordingId: row.id }, "recording file missing from storage");
      throw new AppError("NOT_FOUND", 404, "The recording's file is missing from storage; ask an admin.");
    }
    throw error;
  }
  const headers: Record<string, string> = {
    "content-type": row.contentType ?? "application/octet-stream",
    "content-length": String(object.length),
    "accept-ranges": "bytes",
    "content-disposition": contentDisposition(row),
    // A student's recording is not for shared caches, nor kept on a shared computer.
    "cache-control": "private, no-store",
  };
  if (range.kind === "range") headers["content-range"] = `bytes ${range.start}-${range.start + object.length - 1}/${object.size}`;
  return { status: range.kind === "range" ? 206 : 200, object, headers };
}

/** Deletes the recording: its stored file first (inside the transaction, so a failure keeps the row), then the row. */
export async function deleteRecording(deps: AppDeps, actor: Actor, area: Area, sessionId: string, recordingId: string): Promise<void> {
  const organizationId = actor.viewer.organizationId;
  if (!canWrite(area)) throw notFound("The session");
  await withWorkspace(deps.db, organizationId, async (tx) => {
    const { session, row } = await findRecording(tx, actor, area, sessionId, recordingId, true);
    await tx.delete(sessionRecording).where(and(eq(sessionRecording.organizationId, organizationId), eq(sessionRecording.id, row.id)));
    await audit(tx, actor, area, "RECORDING_DELETED", session, "deleted", row);
    if (row.storageKey) await deps.recordings.delete(row.storageKey);
  });
}
