/**
 * Objects in a bucket of any S3-compatible service (AWS S3, MinIO, Cloudflare R2, Backblaze
 * B2, …), through its REST API: PUT, GET (with Range), HEAD and DELETE object, each signed
 * with AWS Signature Version 4 (aws4fetch). An upload streams straight through with its
 * Content-Length and an unsigned payload (the body cannot be hashed before it is sent); the
 * service stores nothing unless it receives exactly that many bytes, and an upload aborted
 * past the limit is also deleted, in case a partial object was kept.
 */
import { AwsV4Signer } from "aws4fetch";
import { assertSafeKey, type ByteRange, checkDeclaredLength, checkRange, metered, ObjectNotFound, type PutOptions, type Storage, type StoredObject } from "./storage.ts";

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

  private async send(method: string, key: string, headers: Record<string, string> = {}, body?: ReadableStream<Uint8Array>): Promise<Response> {
    const signer = new AwsV4Signer({
      method,
      url: this.urlOf(key),
      headers,
      service: "s3",
      region: this.settings.region,
      accessKeyId: this.settings.accessKeyId,
      secretAccessKey: this.settings.secretAccessKey,
    });
    const signed = await signer.sign();
    return fetch(signed.url, { method, headers: signed.headers, body, ...(body ? { duplex: "half" } : {}) } as RequestInit);
  }

  private async fail(response: Response, operation: string): Promise<never> {
    throw new S3Error(response.status, operation, await response.text().catch(() => ""));
  }

  async put(key: string, body: ReadableStream<Uint8Array>, options: PutOptions): Promise<{ size: number }> {
    assertSafeKey(key);
    checkDeclaredLength(options);
    // fetch reports a failing body only as "fetch failed": keep the stream's own error (too large, cut short).
    let bodyError: unknown;
    const source = metered(body, options).getReader();
    const watched = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { done, value } = await source.read();
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (error) {
          bodyError = error;
          controller.error(error);
        }
      },
      cancel: (reason) => source.cancel(reason),
    });
    let response: Response;
    try {
      response = await this.send("PUT", key, { "content-type": options.contentType, "content-length": String(options.length) }, watched);
    } catch (error) {
      // Make sure no partial object stays, whatever the service did with the cut-off upload.
      await this.delete(key).catch(() => undefined);
      throw bodyError ?? error;
    }
    if (!response.ok) await this.fail(response, "PUT");
    await response.body?.cancel();
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
