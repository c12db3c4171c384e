import { describe, expect, it } from "vitest";
import { count, formatDuration, shortCommit } from "./format.ts";

describe("formatDuration", () => {
  it.each([
    [0, "0 ms"],
    [85.4, "85 ms"],
    [4_240, "4.2 s"],
    [42_600, "43 s"],
    [185_000, "3 min 5 s"],
    [7_440_000, "2 h 4 min"],
  ])("%d ms: %s", (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe("the other words", () => {
  it("shortens a commit and counts a noun", () => {
    expect(shortCommit("1fc7399f69fbd4a066b802041aa443ea627674e1")).toBe("1fc7399f69fb");
    expect(count(1, "mail")).toBe("1 mail");
    expect(count(0, "workspace")).toBe("0 workspaces");
  });
});
