/**
 * One contract, both stores: LocalStorage on a temporary folder and S3Storage against the S3
 * double of tests/ (real HTTP, SigV4 checked). Then what only one of them has: LocalStorage's
 * files and temporary folder, S3Storage's signatures and URLs.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import v8 from "node:v8";
import vm from "node:vm";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Double, type S3Double } from "../../../tests/s3-double.ts";
import { loadConfig, ConfigError } from "../env.ts";
import { LocalStorage } from "./local.ts";
import { S3Error, S3Storage } from "./s3.ts";
import { LengthMismatch, ObjectNotFound, ObjectTooLarge, type Storage } from "./storage.ts";

let double: S3Double;
const folder = mkdtempSync(path.join(os.tmpdir(), "glassroom-storage-"));
beforeAll(async () => {
  double = await startS3Double();
});
afterAll(async () => {
  await double?.close();
  rmSync(folder, { recursive: true, force: true });
});

const s3Settings = () => ({
  endpoint: double.url,
  bucket: double.bucket,
  region: double.region,
  accessKeyId: double.accessKeyId,
  secretAccessKey: double.secretAccessKey,
  forcePathStyle: true,
  prefix: "recordings/",
});

/** A stream of the bytes in chunks of `chunk` bytes (several reads, as an upload arrives). */
function streamOf(bytes: Uint8Array, chunk = 1000): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunk));
      offset += chunk;
    },
  });
}
const bytesOf = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());
const sample = (size: number) => Uint8Array.from({ length: size }, (_, index) => (index * 7) % 256);

describe.each([
  ["LocalStorage", async (): Promise<Storage> => new LocalStorage(path.join(folder, "local")).open()],
  ["S3Storage", async (): Promise<Storage> => new S3Storage(s3Settings())],
])("%s (the storage contract)", (_name, make) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await make();
  });
  const put = (key: string, bytes: Uint8Array, maxBytes = 1_000_000) =>
    storage.put(key, streamOf(bytes), { length: bytes.length, maxBytes, contentType: "audio/mpeg" });

  it("stores a stream and gives it back whole, with its size", async () => {
    const bytes = sample(10_000);
    expect(await put("org-1/whole", bytes)).toEqual({ size: 10_000 });
    expect(await storage.size("org-1/whole")).toBe(10_000);
    const object = await storage.get("org-1/whole");
    expect(object.size).toBe(10_000);
    expect(object.length).toBe(10_000);
    expect(await bytesOf(object.body)).toEqual(bytes);
  });

  it("gives back a byte range, first, middle and last bytes", async () => {
    const bytes = sample(5_000);
    await put("org-1/ranged", bytes);
    for (const [start, end] of [
      [0, 0],
      [100, 1_099],
      [4_999, 4_999],
      [0, 4_999],
    ] as const) {
      const object = await storage.get("org-1/ranged", { start, end });
      expect(object.length).toBe(end - start + 1);
      expect(object.size).toBe(5_000);
      expect(await bytesOf(object.body)).toEqual(bytes.slice(start, end + 1));
    }
  });

  it("refuses a range outside the object", async () => {
    await put("org-1/short", sample(10));
    await expect(storage.get("org-1/short", { start: 10, end: 12 })).rejects.toBeInstanceOf(RangeError);
    await expect(storage.get("org-1/short", { start: 5, end: 3 })).rejects.toBeInstanceOf(RangeError);
  });

  it("replaces an object stored again under the same key", async () => {
    await put("org-1/again", sample(100));
    await put("org-1/again", Uint8Array.of(1, 2, 3));
    expect(await bytesOf((await storage.get("org-1/again")).body)).toEqual(Uint8Array.of(1, 2, 3));
  });

  it("stores nothing when the stream goes past the limit (declared or not)", async () => {
    await expect(put("org-1/declared-too-big", sample(2_001), 2_000)).rejects.toBeInstanceOf(ObjectTooLarge);
    expect(await storage.size("org-1/declared-too-big")).toBeNull();
    // A client that declares a small length and sends more is stopped while streaming.
    const lying = storage.put("org-1/streamed-too-big", streamOf(sample(50_000)), { length: 1_000, maxBytes: 1_000, contentType: "audio/mpeg" });
    await expect(lying).rejects.toBeInstanceOf(ObjectTooLarge);
    expect(await storage.size("org-1/streamed-too-big")).toBeNull();
  });

  it("stores nothing when the stream delivers fewer or more bytes than declared", async () => {
    await expect(storage.put("org-1/cut-short", streamOf(sample(500)), { length: 900, maxBytes: 10_000, contentType: "audio/mpeg" })).rejects.toBeInstanceOf(
      LengthMismatch,
    );
    expect(await storage.size("org-1/cut-short")).toBeNull();
    await expect(storage.put("org-1/too-long", streamOf(sample(901)), { length: 900, maxBytes: 10_000, contentType: "audio/mpeg" })).rejects.toBeInstanceOf(
      LengthMismatch,
    );
    expect(await storage.size("org-1/too-long")).toBeNull();
  });

  it("stores nothing when the stream fails midway", async () => {
    let sent = 0;
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 3) return controller.error(new Error("connection reset"));
        sent++;
        controller.enqueue(sample(1_000));
      },
    });
    await expect(storage.put("org-1/broken", failing, { length: 10_000, maxBytes: 10_000, contentType: "audio/mpeg" })).rejects.toThrow();
    expect(await storage.size("org-1/broken")).toBeNull();
  });

  it("answers ObjectNotFound for a missing object, null for its size; deleting twice is fine", async () => {
    await expect(storage.get("org-1/missing")).rejects.toBeInstanceOf(ObjectNotFound);
    expect(await storage.size("org-1/missing")).toBeNull();
    await put("org-1/doomed", sample(10));
    await storage.delete("org-1/doomed");
    await storage.delete("org-1/doomed");
    expect(await storage.size("org-1/doomed")).toBeNull();
    await expect(storage.get("org-1/doomed")).rejects.toBeInstanceOf(ObjectNotFound);
  });

  it.each(["../escape", "org-1/../../etc/passwd", "/absolute", "org-1/.hidden", "a\\b", "", "org-1//x", "org 1/x", "org-1/%2e%2e"])(
    "refuses the unsafe key %j",
    async (key) => {
      await expect(put(key, sample(1))).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.get(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/Unsafe storage key/);
    },
  );
});

/** A forced garbage collection, so that the bytes still referenced are what is measured. */
v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;

describe.each([
  ["LocalStorage", async () => ({ storage: (await new LocalStorage(path.join(folder, "large")).open()) as Storage, close: async () => {} })],
  [
    "S3Storage",
    async () => {
      const counting = await startS3Double({ keepBodies: false });
      return { storage: new S3Storage({ ...s3Settings(), endpoint: counting.url }) as Storage, close: () => counting.close() };
    },
  ],
])("%s with a large object", (_name, make) => {
  it("streams it through without holding it in memory", async () => {
    const { storage, close } = await make();
    const size = 96 * 1024 * 1024;
    const chunk = new Uint8Array(64 * 1024);
    let sent = 0;
    let peak = 0;
    collectGarbage();
    const before = process.memoryUsage().arrayBuffers;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent >= size) return controller.close();
        controller.enqueue(chunk.slice());
        sent += chunk.length;
        if (sent % (8 * 1024 * 1024) === 0) {
          // Freed buffers are released after a collection, by a sweeper that may lag on a busy machine: give it a moment.
          collectGarbage();
          await new Promise((resolve) => setTimeout(resolve, 20));
          peak = Math.max(peak, process.memoryUsage().arrayBuffers - before);
        }
      },
    });
    try {
      await storage.put("org-4/large", body, { length: size, maxBytes: size, contentType: "video/mp4" });
      // Measured: fetch with a streamed body kept all of it (96 MB here); node:http keeps a few chunks.
      expect(peak, `${Math.round(peak / 2 ** 20)} MB held`).toBeLessThan(40 * 1024 * 1024);
    } finally {
      await storage.delete("org-4/large");
      await close();
    }
  });
});

describe("LocalStorage", () => {
  it("keeps files under its folder, never a half file: temporary files go to .tmp and are cleared on opening", async () => {
    const root = path.join(folder, "files");
    const storage = await new LocalStorage(root).open();
    await storage.put("org-2/rec", streamOf(sample(100)), { length: 100, maxBytes: 1_000, contentType: "audio/mpeg" });
    expect(readdirSync(path.join(root, "org-2"))).toEqual(["rec"]);
    await expect(storage.put("org-2/cut", streamOf(sample(50)), { length: 100, maxBytes: 1_000, contentType: "audio/mpeg" })).rejects.toBeInstanceOf(
      LengthMismatch,
    );
    expect(readdirSync(path.join(root, "org-2"))).toEqual(["rec"]);
    expect(readdirSync(path.join(root, ".tmp"))).toEqual([]);
    // A crash mid-upload leaves a temporary file behind: the next start removes it.
    const { writeFileSync } = await import("node:fs");
    writeFileSync(path.join(root, ".tmp", "left-over"), "partial");
    await new LocalStorage(root).open();
    expect(readdirSync(path.join(root, ".tmp"))).toEqual([]);
  });
});

describe("S3Storage", () => {
  it("signs every request: the double refuses a wrong secret, and nothing is stored", async () => {
    const wrong = new S3Storage({ ...s3Settings(), secretAccessKey: "not-the-secret" });
    await expect(wrong.put("org-3/x", streamOf(sample(10)), { length: 10, maxBytes: 100, contentType: "audio/mpeg" })).rejects.toSatisfy(
      (error) => error instanceof S3Error && error.status === 403,
    );
    await expect(wrong.size("org-3/x")).rejects.toSatisfy((error) => error instanceof S3Error && error.status === 403);
    expect(double.objects.has("recordings/org-3/x")).toBe(false);
    expect(double.log.some((line) => line.startsWith("PUT /glassroom-test/recordings/org-3/x 403"))).toBe(true);
  });

  it("stores under the bucket and prefix, with the content type", async () => {
    const storage = new S3Storage(s3Settings());
    await storage.put("org-3/typed", streamOf(sample(10)), { length: 10, maxBytes: 100, contentType: "video/webm" });
    expect(double.objects.get("recordings/org-3/typed")?.contentType).toBe("video/webm");
  });

  it("addresses objects in path style or virtual-hosted style", () => {
    const settings = { ...s3Settings(), endpoint: "https://s3.eu-west-1.amazonaws.com" };
    expect(new S3Storage({ ...settings, forcePathStyle: true }).urlOf("o/r")).toBe("https://s3.eu-west-1.amazonaws.com/glassroom-test/recordings/o/r");
    expect(new S3Storage({ ...settings, forcePathStyle: false }).urlOf("o/r")).toBe("https://glassroom-test.s3.eu-west-1.amazonaws.com/recordings/o/r");
  });
});

describe("storage settings", () => {
  const base = { NODE_ENV: "test", AUTH_SECRET: "x".repeat(32), DATA_DIR: folder };
  it("default to local files and a 2 GiB upload limit", () => {
    const config = loadConfig(base);
    expect(config.storage).toEqual({ kind: "local" });
    expect(config.recordingMaxBytes).toBe(2 * 1024 ** 3);
  });

  it("read an S3 bucket, with AWS's regional endpoint by default", () => {
    const config = loadConfig({ ...base, STORAGE: "s3", S3_BUCKET: "my-bucket", S3_REGION: "eu-west-1", S3_ACCESS_KEY_ID: "AK", S3_SECRET_ACCESS_KEY: "SK" });
    expect(config.storage).toEqual({
      kind: "s3",
      endpoint: "https://s3.eu-west-1.amazonaws.com",
      bucket: "my-bucket",
      region: "eu-west-1",
      accessKeyId: "AK",
      secretAccessKey: "SK",
      forcePathStyle: false,
    });
  });

  it.each([
    [{ STORAGE: "ftp" }, 'STORAGE must be local or s3, not "ftp".'],
    [{ STORAGE: "s3" }, "S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are required when STORAGE=s3."],
    [{ STORAGE: "s3", S3_BUCKET: "b-1", S3_ACCESS_KEY_ID: "AK" }, "S3_SECRET_ACCESS_KEY is required when STORAGE=s3."],
    [{ STORAGE: "s3", S3_BUCKET: "Bad_Bucket", S3_ACCESS_KEY_ID: "AK", S3_SECRET_ACCESS_KEY: "SK" }, /^S3_BUCKET must be a bucket name/],
    [{ STORAGE: "s3", S3_BUCKET: "b-1", S3_ACCESS_KEY_ID: "AK", S3_SECRET_ACCESS_KEY: "SK", S3_ENDPOINT: "minio:9000" }, /^S3_ENDPOINT must be a/],
    [
      { STORAGE: "s3", S3_BUCKET: "b-1", S3_ACCESS_KEY_ID: "AK", S3_SECRET_ACCESS_KEY: "SK", S3_FORCE_PATH_STYLE: "maybe" },
      'S3_FORCE_PATH_STYLE must be true or false, not "maybe".',
    ],
    [{ RECORDING_MAX_BYTES: "2GB" }, 'RECORDING_MAX_BYTES must be a whole number of bytes of at least 1, not "2GB".'],
  ])("refuse %j with one sentence", (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });
});
