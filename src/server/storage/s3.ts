/**
 * Objects in a bucket of any S3-compatible service (AWS S3, MinIO, Cloudflare R2, Backblaze
 * B2, …), through its REST API: PUT, GET (with Range), HEAD and DELETE object, each signed
 * with AWS Signature Version 4 (aws4fetch's signer). An upload streams straight through (node:http)
 * with its Content-Length and an unsigned payload (the body cannot be hashed before it is sent); the
 * service stores nothing unless it receives exactly that many bytes, and an upload aborted
 * past the limit is also deleted, in case a partial object was kept.
 */
import http from "node:http";
import https from "node:https";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { AwsV4Signer } from "aws4fetch";
import {
  assertSafeKey,
  type ByteRange,
  checkDeclaredLength,
  checkRange,
  metered,
  ObjectNotFound,
  type PutOptions,
  type Storage,
  type StoredObject,
} from "./storage.ts";

export interface S3Settings {
  /** The service's origin, e.g. https://s3.eu-west-1.amazonaws.com or http://localhost:9000. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (https://host/bucket/key), as MinIO and most self-hosted services want; else in the host name (https://bucket.host/key). */
  forcePathStyle: boolean;
  /** Prepended to every key, e.g. "recordings/". */
  prefix?: string;
}

export class S3Error extends Error {
  readonly status: number;
  constructor(status: number, operation: string, detail: string) {
    super(`S3 ${operation} answered ${status}${detail ? `: ${detail.slice(0, 300)}` : ""}`);
    this.name = "S3Error";
    this.status = status;
  }
}

export class S3Storage implements Storage {
  readonly kind = "s3";

  private readonly settings: S3Settings;

  constructor(settings: S3Settings) {
    this.settings = settings;
  }

  /** The object's URL: path style or virtual-hosted style. */
  urlOf(key: string): string {
    assertSafeKey(key);
    const endpoint = new URL(this.settings.endpoint);
    const objectPath = `${this.settings.prefix ?? ""}${key}`;
    const basePath = endpoint.pathname.replace(/\/+$/, "");
    if (this.settings.forcePathStyle) return `${endpoint.origin}${basePath}/${this.settings.bucket}/${objectPath}`;
    return `${endpoint.protocol}//${this.settings.bucket}.${endpoint.host}${basePath}/${objectPath}`;
  }

  private async sign(method: string, key: string, headers: Record<string, string>) {
    const signer = new AwsV4Signer({
      method,
      url: this.urlOf(key),
      headers,
      service: "s3",
      region: this.settings.region,
      accessKeyId: this.settings.accessKeyId,
      secretAccessKey: this.settings.secretAccessKey,
    });
    return signer.sign();
  }

  private async send(method: string, key: string, headers: Record<string, string> = {}): Promise<Response> {
    const signed = await this.sign(method, key, headers);
    return fetch(signed.url, { method, headers: signed.headers });
  }

  /**
   * A PUT whose body streams from `body`, through node:http(s): fetch keeps every chunk of a
   * streamed request body until the request ends (measured: a 200 MB upload held 200 MB), so
   * it cannot carry a large file.
   */
  private async putStream(key: string, headers: Record<string, string>, body: ReadableStream<Uint8Array>): Promise<{ status: number; text: string }> {
    const signed = await this.sign("PUT", key, headers);
    const url = new URL(signed.url);
    const request = (url.protocol === "https:" ? https : http).request(url, { method: "PUT", headers: Object.fromEntries(signed.headers) });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      request.once("response", (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.once("end", () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8").slice(0, 2000) }));
        response.once("error", reject);
      });
      request.once("error", reject);
    });
    answer.catch(() => undefined);
    await pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), request);
    return answer;
  }

  private async fail(response: Response, operation: string): Promise<never> {
    throw new S3Error(response.status, operation, await response.text().catch(() => ""));
  }

  async put(key: string, body: ReadableStream<Uint8Array>, options: PutOptions): Promise<{ size: number }> {
    assertSafeKey(key);
    checkDeclaredLength(options);
    let response: { status: number; text: string };
    try {
      // A failing body (too large, cut short) fails the pipeline with its own error.
      response = await this.putStream(key, { "content-type": options.contentType, "content-length": String(options.length) }, metered(body, options));
    } catch (error) {
      // Make sure no partial object stays, whatever the service did with the cut-off upload.
      await this.delete(key).catch(() => undefined);
      throw error;
    }
    if (response.status < 200 || response.status >= 300) throw new S3Error(response.status, "PUT", response.text);
    return { size: options.length };
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject> {
    const size = await this.size(key);
    if (size === null) throw new ObjectNotFound(key);
    checkRange(range, size);
    const response = await this.send("GET", key, range ? { range: `bytes=${range.start}-${range.end}` } : {});
    if (response.status === 404) {
      await response.body?.cancel();
      throw new ObjectNotFound(key);
    }
    if (response.status !== (range ? 206 : 200) || !response.body) await this.fail(response, "GET");
    return { body: response.body!, length: range ? range.end - range.start + 1 : size, size };
  }

  async size(key: string): Promise<number | null> {
    const response = await this.send("HEAD", key);
    await response.body?.cancel();
    if (response.status === 404) return null;
    if (!response.ok) await this.fail(response, "HEAD");
    return Number(response.headers.get("content-length"));
  }

  async delete(key: string): Promise<void> {
    const response = await this.send("DELETE", key);
    if (!response.ok && response.status !== 404) await this.fail(response, "DELETE");
    await response.body?.cancel();
  }
}
