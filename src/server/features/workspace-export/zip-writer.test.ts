/**
 * The export's zip writer and its names: what it writes unzips to the same bytes, it stops
 * before an archive outgrows the plain zip format (which fflate would write wrong without a
 * word), and names made from what people typed hold no path.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { downloadFileName, safeFileName } from "./names.ts";
import { ArchiveTooLarge, MAX_ARCHIVE_ENTRIES, ZipFileWriter } from "./zip-writer.ts";

const folder = mkdtempSync(path.join(os.tmpdir(), "glassroom-zip-test-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const mtime = new Date("2026-11-25T12:00:00Z");

describe("the zip writer", () => {
  it("writes entries in pieces, deflated or stored, that unzip to the same bytes", () => {
    const file = path.join(folder, "round-trip.zip");
    const zip = new ZipFileWriter(file, { mtime });
    const text = zip.entry("tables/student.csv", { compress: true });
    for (let row = 0; row < 1000; row++) text.write(Buffer.from(`${row},Zoë Ørsted\r\n`));
    text.end();
    const media = new Uint8Array(100_000).map((_, index) => (index * 7) % 256);
    const stored = zip.entry("files/recordings/a/b-lesson.mp3", { compress: false });
    stored.write(media.subarray(0, 60_000));
    stored.write(media.subarray(60_000));
    stored.end();
    zip.text("README.txt", "Hello\r\n");
    const size = zip.finish();
    const bytes = readFileSync(file);
    expect(bytes.byteLength).toBe(size);
    const files = unzipSync(bytes);
    expect(Object.keys(files)).toEqual(["tables/student.csv", "files/recordings/a/b-lesson.mp3", "README.txt"]);
    expect(strFromU8(files["tables/student.csv"]!).split("\r\n")[999]).toBe("999,Zoë Ørsted");
    expect(files["files/recordings/a/b-lesson.mp3"]).toEqual(media);
    expect(strFromU8(files["README.txt"]!)).toBe("Hello\r\n");
  });

  it("stops before the archive outgrows its limit", () => {
    const zip = new ZipFileWriter(path.join(folder, "too-large.zip"), { mtime, maxBytes: 10_000 });
    const entry = zip.entry("files/big.bin", { compress: false });
    expect(() => {
      for (let chunk = 0; chunk < 10; chunk++) entry.write(new Uint8Array(2_000));
    }).toThrow(ArchiveTooLarge);
    zip.abandon();
    expect(readFileSync(path.join(folder, "too-large.zip")).byteLength).toBeLessThanOrEqual(10_000);
  });

  it("stops before the archive holds more entries than the plain zip format counts", () => {
    const zip = new ZipFileWriter(path.join(folder, "too-many.zip"), { mtime });
    for (let index = 0; index < MAX_ARCHIVE_ENTRIES; index++) zip.entry(`f/${index}`, { compress: false }).end();
    expect(() => zip.entry("f/one-more", { compress: false })).toThrow("The archive would hold more than 65,535 files.");
    zip.abandon();
  });
});

describe("names", () => {
  it("makes a title one safe path segment", () => {
    expect(safeFileName("Fractions / part 1: ../../etc", "x")).toBe("Fractions part 1 .. .. etc");
    expect(safeFileName("..", "recording")).toBe("recording");
    expect(safeFileName(" .hidden\u0000name. ", "x")).toBe("hidden name");
    expect(safeFileName('a\\b*c?d"e<f>g|h', "x")).toBe("a b c d e f g h");
    expect([...safeFileName("é".repeat(300), "x")]).toHaveLength(100);
  });

  it("names the download after the workspace and the day it was made in the workspace's zone", () => {
    const late = new Date("2026-11-25T23:30:00Z");
    expect(downloadFileName("riverside-tutors", late, "Europe/London")).toBe("glassroom-export-riverside-tutors-2026-11-25.zip");
    expect(downloadFileName("Zoë's Tutors", late, "Asia/Tokyo")).toBe("glassroom-export-zoe-s-tutors-2026-11-26.zip");
    expect(downloadFileName("###", late, "UTC")).toBe("glassroom-export-workspace-2026-11-25.zip");
  });
});
