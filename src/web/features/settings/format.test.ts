import { describe, expect, it } from "vitest";
import { formatIpAddress } from "./format.ts";

describe("formatIpAddress", () => {
  it.each([
    ["127.0.0.1", "127.0.0.1"],
    ["2001:0db8:0000:0000:0000:0000:0000:0001", "2001:db8::1"],
    ["2001:0db8:85a3:0000:0000:0000:0000:0000", "2001:db8:85a3::"],
    ["0000:0000:0000:0000:0000:0000:0000:0001", "::1"],
    ["2001:0db8:0001:0002:0003:0004:0005:0006", "2001:db8:1:2:3:4:5:6"],
    ["2001:0db8:0000:0001:0000:0000:0000:0001", "2001:db8:0:1::1"],
    ["0000:0000:0000:0000:0000:0000:0000:0000", "Not recorded"],
    ["::1", "::1"],
    ["", "Not recorded"],
    [null, "Not recorded"],
  ])("%s → %s", (input, expected) => {
    expect(formatIpAddress(input)).toBe(expected);
  });
});
