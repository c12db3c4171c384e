/**
 * Where uploaded files live: one interface, two implementations (local files under DATA_DIR,
 * or any S3-compatible service), chosen by settings (STORAGE). Objects are written from a
 * stream with a byte limit enforced while the bytes arrive, and read whole or by byte range,
 * as a stream: a file is never held whole in memory.
 */

/** An inclusive byte range, as HTTP's Range header names one. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  /** Bytes in `body`: the range's length, or the whole object's. */
  length: number;
  /** Bytes in the whole object. */
  size: number;
}

export interface PutOptions {
  /** The bytes the stream will deliver (an upload's Content-Length); a stream that delivers more or fewer stores nothing. */
  length: number;
  /** The most bytes accepted; past it the write is aborted and nothing is stored. */
  maxBytes: number;
  contentType: string;
}

export interface Storage {
  readonly kind: "local" | "s3";
  /** Stores the stream under `key`, replacing any object there; on any failure nothing is left under the key. */
  put(key: string, body: ReadableStream<Uint8Array>, options: PutOptions): Promise<{ size: number }>;
  /** The object, whole or the range (which must lie inside it); ObjectNotFound when there is none. */
  get(key: string, range?: ByteRange): Promise<StoredObject>;
  /** The object's size in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
}

export class ObjectNotFound extends Error {
  constructor(key: string) {
    super(`No stored object "${key}".`);
    this.name = "ObjectNotFound";
  }
}

/** The stream delivered more than PutOptions.maxBytes. */
export class ObjectTooLarge extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`The object is larger than ${maxBytes} bytes.`);
    this.name = "ObjectTooLarge";
    this.maxBytes = maxBytes;
  }
}

/** The stream delivered fewer or more bytes than PutOptions.length (an upload cut short, or a lying Content-Length). */
export class LengthMismatch extends Error {
  readonly expected: number;
  constructor(expected: number, received: number | "more") {
    super(`Expected ${expected} bytes, received ${received}.`);
    this.name = "LengthMismatch";
    this.expected = expected;
  }
}

/**
 * Keys are relative paths of plain segments (letters, digits, dot, dash, underscore; none
 * starting with a dot): no "..", no absolute path, no backslash, so a key can name nothing
 * outside the store, on disk or in a bucket.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
export function assertSafeKey(key: string): void {
  const segments = key.split("/");
  if (key.length > 512 || segments.length > 8 || !segments.every((segment) => SEGMENT.test(segment))) {
    throw new Error(`Unsafe storage key "${key}".`);
  }
}

/**
 * The stream passed through, failing with ObjectTooLarge past maxBytes and with LengthMismatch
 * when it delivers more or fewer bytes than declared. The writer sees the error and discards
 * what it wrote.
 */
export function metered(body: ReadableStream<Uint8Array>, options: Pick<PutOptions, "length" | "maxBytes">): ReadableStream<Uint8Array> {
  let received = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > options.maxBytes) throw new ObjectTooLarge(options.maxBytes);
        if (received > options.length) throw new LengthMismatch(options.length, "more");
        controller.enqueue(chunk);
      },
      flush() {
        if (received !== options.length) throw new LengthMismatch(options.length, received);
      },
    }),
  );
}

/** Refuses, before anything is written, a declared length over the limit. */
export function checkDeclaredLength(options: Pick<PutOptions, "length" | "maxBytes">): void {
  if (options.length > options.maxBytes) throw new ObjectTooLarge(options.maxBytes);
  if (!Number.isSafeInteger(options.length) || options.length < 0) throw new LengthMismatch(options.length, 0);
}

export function checkRange(range: ByteRange | undefined, size: number): void {
  if (range && !(Number.isSafeInteger(range.start) && Number.isSafeInteger(range.end) && range.start >= 0 && range.start <= range.end && range.end < size)) {
    throw new RangeError(`The range ${range.start}-${range.end} is not inside an object of ${size} bytes.`);
  }
}
