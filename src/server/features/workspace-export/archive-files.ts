/**
 * The workspace's stored files in the archive: every recorded session file (from the recordings
 * store) and every uploaded version of a library resource (from the resources store), each
 * streamed from storage into the archive as it is, never whole in memory. Their names come
 * from what people typed (a recording's title, an uploaded file's name), made safe as one path
 * segment and prefixed with the record's id, so two files never share a name.
 *
 * A file its row names but storage no longer holds is not a reason to fail the whole export:
 * it is listed in README.txt instead.
 */
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { isRecordingMediaType, RECORDING_MEDIA_TYPES } from "../../../shared/schemas/recordings.ts";
import type { AppDeps } from "../../core/context.ts";
import { resourceVersion } from "../../db/resources-schema.ts";
import { sessionRecording } from "../../db/schema.ts";
import type { Transaction } from "../../db/tenant.ts";
import { ObjectNotFound } from "../../storage/storage.ts";
import { safeFileName } from "./names.ts";
import type { ZipFileWriter } from "./zip-writer.ts";

export interface ArchiveFile {
  /** Its path in the archive. */
  path: string;
  store: "recordings" | "resources";
  storageKey: string;
}

/** The workspace's stored files, read in the export's snapshot (their bytes are copied after it). */
export async function listArchiveFiles(tx: Transaction, organizationId: string): Promise<ArchiveFile[]> {
  const recordings = await tx
    .select({
      id: sessionRecording.id,
      sessionId: sessionRecording.sessionId,
      title: sessionRecording.title,
      contentType: sessionRecording.contentType,
      storageKey: sessionRecording.storageKey,
    })
    .from(sessionRecording)
    .where(and(eq(sessionRecording.organizationId, organizationId), eq(sessionRecording.kind, "file"), isNotNull(sessionRecording.storageKey)))
    .orderBy(asc(sessionRecording.sessionId), asc(sessionRecording.id));
  const versions = await tx
    .select({
      resourceId: resourceVersion.resourceId,
      version: resourceVersion.version,
      fileName: resourceVersion.fileName,
      storageKey: resourceVersion.storageKey,
    })
    .from(resourceVersion)
    .where(and(eq(resourceVersion.organizationId, organizationId), isNotNull(resourceVersion.storageKey)))
    .orderBy(asc(resourceVersion.resourceId), asc(resourceVersion.version));
  return [
    ...recordings.map((row): ArchiveFile => {
      const extension = row.contentType && isRecordingMediaType(row.contentType) ? RECORDING_MEDIA_TYPES[row.contentType] : "bin";
      return {
        path: `files/recordings/${row.sessionId}/${row.id}-${safeFileName(row.title, "recording")}.${extension}`,
        store: "recordings",
        storageKey: row.storageKey!,
      };
    }),
    ...versions.map((row): ArchiveFile => ({
      path: `files/resources/${row.resourceId}/${row.version}-${safeFileName(row.fileName ?? "", "file")}`,
      store: "resources",
      storageKey: row.storageKey!,
    })),
  ];
}

/** Copies each file from its store into the archive (stored, not deflated); the paths of those storage did not have. */
export async function writeArchiveFiles(deps: Pick<AppDeps, "recordings" | "resources">, zip: ZipFileWriter, files: ArchiveFile[]): Promise<string[]> {
  const missing: string[] = [];
  for (const file of files) {
    let body: ReadableStream<Uint8Array>;
    try {
      body = (await deps[file.store].get(file.storageKey)).body;
    } catch (error) {
      if (!(error instanceof ObjectNotFound)) throw error;
      missing.push(file.path);
      continue;
    }
    const entry = zip.entry(file.path, { compress: false });
    const reader = body.getReader();
    try {
      for (let next = await reader.read(); !next.done; next = await reader.read()) entry.write(next.value);
    } catch (error) {
      // Closes the file or the connection behind the stream.
      await reader.cancel().catch(() => undefined);
      throw error;
    }
    entry.end();
  }
  return missing;
}
