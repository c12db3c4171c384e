import { describe, expect, it } from "vitest";
import { base32Decode, hotp, totp, totpFromUri } from "./totp.ts";

// RFC 6238 appendix B and RFC 4226 appendix D test vectors.
const SHA1_KEY = Buffer.from("12345678901234567890");

describe("test TOTP helper", () => {
  it("decodes base32", () => {
    expect(base32Decode("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ").toString()).toBe("12345678901234567890");
    expect(base32Decode("MZXW6YQ=").toString()).toBe("foob");
    expect(() => base32Decode("A1")).toThrow();
  });

  it("matches the RFC 4226 HOTP values", () => {
    expect([0, 1, 2, 9].map((counter) => hotp(SHA1_KEY, counter))).toEqual(["755224", "287082", "359152", "520489"]);
  });

  it.each([
    [59, "94287082"],
    [1111111109, "07081804"],
    [1234567890, "89005924"],
    [20000000000, "65353130"],
  ])("matches the RFC 6238 SHA-1 value at %i s", (seconds, expected) => {
    expect(totp(SHA1_KEY, { time: seconds * 1000, digits: 8 })).toBe(expected);
  });

  it("reads secret, digits and period from an otpauth URI", () => {
    const uri = "otpauth://totp/Glassroom:ada%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Glassroom&digits=8&period=30";
    expect(totpFromUri(uri, 59_000)).toBe("94287082");
  });
});
