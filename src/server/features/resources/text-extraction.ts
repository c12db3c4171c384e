/**
 * Reads the text of an uploaded PDF or text file for the library's search, as a job: a long
 * PDF takes a while to parse and no request waits for it. The version's text_state is
 * 'pending' until then; the resource's search document is refreshed when the version is
 * still the current one.
 */
import { and, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import type { AppDeps } from "../../core/context.ts";
import { resource, resourceVersion } from "../../db/resources-schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { defineQueue } from "../../jobs/define.ts";
import { INDEXED_TEXT_CHARACTERS, refreshSearchDocument } from "./search.ts";

export interface ExtractionJob {
  organizationId: string;
  resourceId: string;
  version: number;
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The file's text (at most what the index takes), or null when it has none to read. */
export async function textOf(contentType: string, bytes: Uint8Array): Promise<string | null> {
  if (contentType.startsWith("text/")) return new TextDecoder("utf-8").decode(bytes).slice(0, INDEXED_TEXT_CHARACTERS);
  if (contentType !== "application/pdf") return null;
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  const cleaned = text
    .replace(/\u0000/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return cleaned === "" ? null : cleaned.slice(0, INDEXED_TEXT_CHARACTERS);
}

export async function extractVersionText(deps: Pick<AppDeps, "db" | "resources" | "logger">, job: ExtractionJob): Promise<void> {
  const where = and(
    eq(resourceVersion.organizationId, job.organizationId),
    eq(resourceVersion.resourceId, job.resourceId),
    eq(resourceVersion.version, job.version),
  );
  const [version] = await withWorkspace(deps.db, job.organizationId, (tx) => tx.select().from(resourceVersion).where(where));
  // Deleted since, or already read by an earlier delivery of this job.
  if (!version?.storageKey || version.textState !== "pending") return;
  let text: string | null = null;
  let state: "extracted" | "none" | "failed" = "none";
  try {
    const object = await deps.resources.get(version.storageKey);
    text = await textOf(version.contentType ?? "", await readAll(object.body));
    state = text ? "extracted" : "none";
  } catch (error) {
    // A damaged or encrypted PDF: still downloadable, only its text is not searchable.
    deps.logger.warn({ err: error, resourceId: job.resourceId, version: job.version }, "resource text not extracted");
    state = "failed";
  }
  await withWorkspace(deps.db, job.organizationId, async (tx) => {
    await tx.update(resourceVersion).set({ textState: state, extractedText: text }).where(where);
    const [current] = await tx
      .select({ version: resource.currentVersion })
      .from(resource)
      .where(and(eq(resource.organizationId, job.organizationId), eq(resource.id, job.resourceId)));
    if (current?.version === job.version) await refreshSearchDocument(tx, job.organizationId, job.resourceId);
  });
}

export const resourceTextQueue = defineQueue<ExtractionJob>({
  name: "resource-text",
  settings: { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 300 },
  async work(deps, data) {
    await extractVersionText(deps, data);
  },
});
