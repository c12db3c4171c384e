import { describe, expect, it } from "vitest";
import { formatBytes } from "../../../shared/schemas/recordings.ts";
import { mediaTypeOf, titleFromFileName } from "./format.ts";

describe("recording upload helpers", () => {
  it("take the browser's media type when allowed, else the extension's, else none", () => {
    expect(mediaTypeOf({ name: "lesson.mp3", type: "audio/mpeg" })).toBe("audio/mpeg");
    expect(mediaTypeOf({ name: "lesson.m4a", type: "" })).toBe("audio/mp4");
    expect(mediaTypeOf({ name: "Lesson.MOV", type: "" })).toBe("video/quicktime");
    expect(mediaTypeOf({ name: "notes.txt", type: "text/plain" })).toBeNull();
    expect(mediaTypeOf({ name: "setup.exe", type: "application/x-msdownload" })).toBeNull();
  });

  it("make a first title from the file name", () => {
    expect(titleFromFileName("week_3_algebra.mp3")).toBe("week 3 algebra");
    expect(titleFromFileName("no-extension")).toBe("no-extension");
  });

  it("name sizes in binary units", () => {
    expect(formatBytes(2 * 1024 ** 3)).toBe("2 GiB");
    expect(formatBytes(64 * 1024)).toBe("64 KiB");
    expect(formatBytes(1536 * 1024)).toBe("1.5 MiB");
    expect(formatBytes(999)).toBe("999 bytes");
  });
});
