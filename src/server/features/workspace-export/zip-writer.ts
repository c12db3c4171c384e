/**
 * A zip archive written to a file as it is made, entry after entry, with fflate's streaming Zip:
 * only the chunk in hand is ever in memory, whatever the size of the tables and files. Entries
 * are written one at a time (fflate holds back the chunks of an entry added while another is
 * open), and each chunk goes to disk at once with a synchronous write: nothing queues up
 * behind a slow disk.
 *
 * fflate writes no ZIP64 records, so an archive is limited to what the plain format holds:
 * 4 GiB and 65,535 entries. Past either, fflate would write wrong offsets without a word;
 * this writer stops with ArchiveTooLarge instead, before the limit is crossed.
 */
import { closeSync, openSync, writeSync } from "node:fs";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { formatBytes } from "../../../shared/schemas/recordings.ts";

/** The largest archive the plain zip format can address (its offsets are 32-bit). */
export const MAX_ARCHIVE_BYTES = 0xffff_ffff;
/** The most entries the plain zip format can count (16-bit). */
export const MAX_ARCHIVE_ENTRIES = 0xffff;

/** Writes every byte to the file: a write may take fewer than asked for (a full disk fails on the next one). */
export function writeFully(file: number, bytes: Uint8Array): void {
  for (let offset = 0; offset < bytes.byteLength;) offset += writeSync(file, bytes, offset);
}

export class ArchiveTooLarge extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "ArchiveTooLarge";
  }
}

/** One entry being written: its bytes in order, then end(). */
export interface ZipEntryWriter {
  write(chunk: Uint8Array): void;
  end(): void;
}

export class ZipFileWriter {
  private readonly zip: Zip;
  private readonly file: number;
  private readonly mtime: Date;
  private readonly maxBytes: number;
  private bytesWritten = 0;
  private entryCount = 0;
  /** The name of the entry being written, if one is. */
  private open: string | null = null;
  private failure: Error | null = null;
  private finished = false;
  private closed = false;

  /** Creates (or empties) the file at `path`; `mtime` is every entry's time. */
  constructor(path: string, options: { mtime: Date; maxBytes?: number }) {
    this.file = openSync(path, "w", 0o600);
    this.mtime = options.mtime;
    this.maxBytes = Math.min(options.maxBytes ?? MAX_ARCHIVE_BYTES, MAX_ARCHIVE_BYTES);
    this.zip = new Zip((error, chunk, final) => {
      if (this.failure) return;
      if (error) {
        this.failure = error;
        return;
      }
      // The central directory (the final chunk) counts too: it must end inside the limit.
      if (this.bytesWritten + chunk.byteLength > this.maxBytes) {
        this.failure = new ArchiveTooLarge(`The archive would be larger than ${formatBytes(this.maxBytes + 1)}.`);
        return;
      }
      writeFully(this.file, chunk);
      this.bytesWritten += chunk.byteLength;
      if (final) this.finished = true;
    });
  }

  /** Bytes written so far (the archive's size once finish() returned). */
  get size(): number {
    return this.bytesWritten;
  }

  /**
   * Starts an entry named `name` (a relative path with "/" between folders). Deflated, or
   * stored as it is for files that are compressed already (audio, video, most documents):
   * deflating them again would cost time for nothing.
   */
  entry(name: string, options: { compress: boolean }): ZipEntryWriter {
    this.check();
    if (this.open) throw new Error(`The archive's entry ${this.open} is still open.`);
    if (this.entryCount + 1 > MAX_ARCHIVE_ENTRIES)
      throw new ArchiveTooLarge(`The archive would hold more than ${MAX_ARCHIVE_ENTRIES.toLocaleString("en")} files.`);
    const stream = options.compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    stream.mtime = this.mtime;
    this.zip.add(stream);
    this.entryCount += 1;
    this.open = name;
    return {
      write: (chunk) => {
        if (chunk.byteLength === 0) return;
        stream.push(chunk, false);
        this.check();
      },
      end: () => {
        stream.push(new Uint8Array(0), true);
        this.open = null;
        this.check();
      },
    };
  }

  /** A whole entry from text (UTF-8). */
  text(name: string, text: string): void {
    const entry = this.entry(name, { compress: true });
    entry.write(Buffer.from(text, "utf8"));
    entry.end();
  }

  /** Writes the central directory and closes the file; the archive's size. */
  finish(): number {
    this.check();
    this.zip.end();
    this.check();
    if (!this.finished) throw new Error("The archive did not finish: an entry is still open.");
    this.close();
    return this.bytesWritten;
  }

  /** Closes the file after a failure (the caller removes it). */
  abandon(): void {
    if (this.closed) return;
    this.zip.terminate();
    this.close();
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.file);
  }

  private check(): void {
    if (this.failure) throw this.failure;
  }
}
