/** Library files for tests: a real PDF with known text, image and text bytes, and the upload request. No test-runner imports here. */
import PDFDocument from "pdfkit";
import type { ApiClient, ApiResponse } from "./client.ts";

/** A one-page PDF (made by pdfkit, as real as any) whose text is `text`. */
export async function samplePdf(text: string, title = "Test document"): Promise<Uint8Array<ArrayBuffer>> {
  const document = new PDFDocument({ size: "A4", info: { Title: title } });
  const chunks: Buffer[] = [];
  document.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => document.on("end", () => resolve()));
  document.fontSize(12).text(text);
  document.end();
  await ended;
  const joined = Buffer.concat(chunks);
  return new Uint8Array(joined.buffer.slice(joined.byteOffset, joined.byteOffset + joined.byteLength)) as Uint8Array<ArrayBuffer>;
}

/** The 67-byte transparent 1×1 PNG. */
export const samplePng = (): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(
    Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"),
  ) as Uint8Array<ArrayBuffer>;

export const sampleText = (text: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;

export interface UploadDetails {
  title?: string;
  category?: string;
  description?: string;
  audience?: string;
  studentIds?: string;
  tags?: string;
  requiresAcknowledgement?: boolean;
  fileName?: string;
  contentType?: string;
  contentLength?: string;
}

/** POST the bytes as a new resource of the area's library, its details in the query. */
export function uploadResource(client: ApiClient, area: "admin" | "tutor", bytes: Uint8Array<ArrayBuffer>, details: UploadDetails = {}): Promise<ApiResponse> {
  const query = new URLSearchParams({
    title: details.title ?? "Tutor handbook",
    category: details.category ?? "Handbooks",
    fileName: details.fileName ?? "handbook.pdf",
  });
  if (details.description) query.set("description", details.description);
  if (details.audience !== undefined) query.set("audience", details.audience);
  if (details.studentIds !== undefined) query.set("studentIds", details.studentIds);
  if (details.tags !== undefined) query.set("tags", details.tags);
  if (details.requiresAcknowledgement !== undefined) query.set("requiresAcknowledgement", String(details.requiresAcknowledgement));
  return client.request("POST", `/api/${area}/resources/files?${query}`, {
    body: bytes,
    contentType: details.contentType ?? "application/pdf",
    headers: { "content-length": details.contentLength ?? String(bytes.byteLength) },
  });
}

/** POST a new version of a file resource. */
export function uploadVersion(
  client: ApiClient,
  area: "admin" | "tutor",
  resourceId: string,
  bytes: Uint8Array<ArrayBuffer>,
  options: { fileName?: string; note?: string; contentType?: string } = {},
): Promise<ApiResponse> {
  const query = new URLSearchParams({ fileName: options.fileName ?? "handbook-v2.pdf", note: options.note ?? "" });
  return client.request("POST", `/api/${area}/resources/${resourceId}/versions/files?${query}`, {
    body: bytes,
    contentType: options.contentType ?? "application/pdf",
    headers: { "content-length": String(bytes.byteLength) },
  });
}
