/** Recordings for tests: sample media bytes and the upload request. No test-runner imports here. */
import type { ApiClient, ApiResponse } from "./client.ts";

/** `size` bytes that start like an MP3 file (an ID3 tag), then a pattern. */
export function sampleMp3(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
  for (let index = 10; index < size; index++) bytes[index] = (index * 31) % 251;
  return bytes;
}

/** `size` bytes that start like an MP4 video (an ftyp box). */
export function sampleMp4(size: number): Uint8Array<ArrayBuffer> {
  const bytes = sampleMp3(size);
  bytes.set([0x00, 0x00, 0x00, 0x18, ...new TextEncoder().encode("ftypisom")]);
  return bytes;
}

/** POST the bytes as an upload, with the given Content-Type and (unless overridden) their length as Content-Length. */
export function uploadRecording(
  client: ApiClient,
  area: "admin" | "tutor",
  sessionId: string,
  bytes: Uint8Array<ArrayBuffer>,
  options: { contentType?: string; title?: string; contentLength?: string } = {},
): Promise<ApiResponse> {
  const title = encodeURIComponent(options.title ?? "Lesson recording");
  return client.request("POST", `/api/${area}/sessions/${sessionId}/recordings/files?title=${title}`, {
    body: bytes,
    contentType: options.contentType ?? "audio/mpeg",
    headers: { "content-length": options.contentLength ?? String(bytes.byteLength) },
  });
}
