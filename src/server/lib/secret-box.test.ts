import { describe, expect, it } from "vitest";
import { createSecretBox } from "./secret-box.ts";

const box = createSecretBox("a-test-auth-secret-of-at-least-32-characters");

describe("the secret box", () => {
  it("opens what it sealed for the same binding, and never shows the plaintext in the sealed text", () => {
    const sealed = box.seal("sk_test_51Habc4242", "stripe-secret-key:org-1");
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain("sk_test");
    expect(box.open(sealed, "stripe-secret-key:org-1")).toBe("sk_test_51Habc4242");
    // A fresh nonce each time: the same secret seals differently.
    expect(box.seal("sk_test_51Habc4242", "stripe-secret-key:org-1")).not.toBe(sealed);
  });

  it("refuses another binding (a row copied to another workspace), an altered text and another AUTH_SECRET", () => {
    const sealed = box.seal("whsec_123", "stripe-webhook-secret:org-1");
    expect(box.open(sealed, "stripe-webhook-secret:org-2")).toBeNull();
    const parts = sealed.split(".");
    const body = Buffer.from(parts[3]!, "base64url");
    body[0] = body[0]! ^ 1;
    expect(box.open([parts[0], parts[1], parts[2], body.toString("base64url")].join("."), "stripe-webhook-secret:org-1")).toBeNull();
    expect(createSecretBox("another-auth-secret-of-at-least-32-chars!").open(sealed, "stripe-webhook-secret:org-1")).toBeNull();
    expect(box.open("not sealed", "stripe-webhook-secret:org-1")).toBeNull();
  });
});
