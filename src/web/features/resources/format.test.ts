import { describe, expect, it } from "vitest";
import { audienceText, fileProblem, fileTypeOf, formatDescription, matchParts } from "./format.ts";

describe("resource formatting", () => {
  it("takes a file's type from the browser, or from its name when the browser does not know it", () => {
    expect(fileTypeOf(new File(["x"], "guide.pdf", { type: "application/pdf" }))).toBe("application/pdf");
    expect(fileTypeOf(new File(["x"], "notes.md", { type: "" }))).toBe("text/markdown");
    expect(fileTypeOf(new File(["x"], "setup.exe", { type: "application/x-msdownload" }))).toBeNull();
  });

  it("names what is wrong with a chosen file before anything is sent", () => {
    expect(fileProblem(null, 1024)).toBe("Choose a file.");
    expect(fileProblem(new File(["x"], "setup.exe", { type: "application/x-msdownload" }), 1024)).toMatch(/^This is not a file the library accepts \(PDF/);
    expect(fileProblem(new File(["x".repeat(2048)], "guide.pdf", { type: "application/pdf" }), 1024)).toBe(
      "This file is 2 KiB: a resource may be at most 1 KiB.",
    );
    expect(fileProblem(new File([], "guide.pdf", { type: "application/pdf" }), 1024)).toBe("This file is empty.");
    expect(fileProblem(new File(["x"], "guide.pdf", { type: "application/pdf" }), 1024)).toBeNull();
  });

  it("describes a file by type and size, a link by its host", () => {
    expect(formatDescription({ kind: "file", current: { contentType: "application/pdf", sizeBytes: 1536, url: null } as never })).toBe("PDF · 1.5 KiB");
    expect(formatDescription({ kind: "link", current: { url: "https://www.example.com/guide", contentType: null, sizeBytes: null } as never })).toBe(
      "Link · www.example.com",
    );
  });

  it("names the audience and splits a search excerpt into marked words", () => {
    expect(audienceText(["tutor", "parent", "student"])).toBe("Tutors, Parents and students");
    expect(audienceText(["parent"])).toBe("Parents");
    expect(matchParts("give «notice» before «cancelling»")).toEqual([
      { text: "give ", marked: false },
      { text: "notice", marked: true },
      { text: " before ", marked: false },
      { text: "cancelling", marked: true },
    ]);
  });
});
