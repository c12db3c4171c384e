/**
 * Objects as files under one folder (DATA_DIR/recordings). A write goes to a temporary file in
 * the store's .tmp folder and is renamed into place only once complete and flushed, so a crash
 * or an aborted upload never leaves a half file under a key; leftovers in .tmp are removed
 * when the store opens.
 */
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
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

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

export class LocalStorage implements Storage {
  readonly kind = "local";
  private readonly root: string;
  private readonly tmp: string;

  constructor(root: string) {
    this.root = root;
    this.tmp = path.join(root, ".tmp");
  }

  /** Creates the folders and removes temporary files a crash left behind. */
  async open(): Promise<this> {
    await mkdir(this.tmp, { recursive: true });
    for (const name of await readdir(this.tmp)) await rm(path.join(this.tmp, name), { force: true });
    return this;
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split("/"));
  }

  async put(key: string, body: ReadableStream<Uint8Array>, options: PutOptions): Promise<{ size: number }> {
    const target = this.pathOf(key);
    checkDeclaredLength(options);
    await mkdir(this.tmp, { recursive: true });
    const temporary = path.join(this.tmp, randomUUID());
    try {
      // pipeline settles only once the file is closed, also on failure: the rm below then finds it.
      await pipeline(Readable.fromWeb(metered(body, options) as NodeReadableStream<Uint8Array>), createWriteStream(temporary, { flags: "wx", mode: 0o600 }));
      // Flushed to disk before it becomes visible under the key.
      const handle = await open(temporary, "r");
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temporary, target);
      return { size: options.length };
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject> {
    const file = this.pathOf(key);
    const size = await this.size(key);
    if (size === null) throw new ObjectNotFound(key);
    checkRange(range, size);
    const stream = createReadStream(file, range ? { start: range.start, end: range.end } : {});
    return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, length: range ? range.end - range.start + 1 : size, size };
  }

  async size(key: string): Promise<number | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? info.size : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
