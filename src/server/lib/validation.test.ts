import { describe, expect, it } from "vitest";
import { unstorableText } from "./validation.ts";

describe("unstorableText", () => {
  it("finds a NUL character or an unpaired surrogate, with the path to it", () => {
    expect(unstorableText({ name: "Ada", tags: ["ok", "nul\u0000"] })).toEqual({ path: ["tags", 1], problem: "must not contain a NUL character" });
    expect(unstorableText({ reason: "a\uD83D" })).toEqual({ path: ["reason"], problem: "must be valid Unicode text (it has an unpaired surrogate)" });
    expect(unstorableText("\uDFFF", ["memberId"])).toEqual({ path: ["memberId"], problem: "must be valid Unicode text (it has an unpaired surrogate)" });
  });

  it("accepts any well-formed text, emoji and right-to-left marks included", () => {
    expect(unstorableText({ name: "😀 \u202E\u200B José 李", n: 1, b: true, none: null, list: [] })).toBeUndefined();
  });

  it("walks bodies nested 100,000 deep without running out of stack", () => {
    let deep: unknown = "\u0000";
    for (let depth = 0; depth < 100_000; depth++) deep = [deep];
    expect(unstorableText(deep)?.path).toHaveLength(100_000);
    expect(unstorableText(JSON.parse(`${"[".repeat(100_000)}${"]".repeat(100_000)}`))).toBeUndefined();
  });
});
