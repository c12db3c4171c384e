import { describe, expect, it } from "vitest";
import { backupCodesText, groupSecret, secretOf } from "./otpauth.ts";

describe("otpauth helpers", () => {
  it("reads the secret of an otpauth URI", () => {
    expect(secretOf("otpauth://totp/Glassroom:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Glassroom&digits=6&period=30")).toBe("JBSWY3DPEHPK3PXP");
  });

  it("answers null for a URI without a secret or no URI at all", () => {
    expect(secretOf("otpauth://totp/Glassroom?issuer=Glassroom")).toBeNull();
    expect(secretOf("not a uri")).toBeNull();
  });

  it("groups the secret by four", () => {
    expect(groupSecret("JBSWY3DPEHPK3PXPAB")).toBe("JBSW Y3DP EHPK 3PXP AB");
    expect(groupSecret("")).toBe("");
  });

  it("writes one backup code per line", () => {
    expect(backupCodesText(["aaaa-1111", "bbbb-2222"], "ada@example.com").split("\n")).toEqual([
      "Glassroom backup codes for ada@example.com",
      "Each code can be used once, instead of a code from your authenticator app.",
      "",
      "aaaa-1111",
      "bbbb-2222",
      "",
    ]);
  });
});
