/**
 * Secrets kept in the database (a workspace's Stripe keys), encrypted with AES-256-GCM under a
 * key derived from AUTH_SECRET by HKDF-SHA256, so a copy of the database alone reveals none of
 * them. Each secret is bound to what it is for (the purpose and the workspace, as additional
 * authenticated data): a ciphertext moved to another workspace's row, or altered, fails to open.
 * Changing AUTH_SECRET makes every stored secret unreadable: they must then be entered again.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";
const INFO = "glassroom secret box v1";

export interface SecretBox {
  seal(plaintext: string, binding: string): string;
  /** The plaintext, or null when the ciphertext was not sealed by this key for this binding. */
  open(sealed: string, binding: string): string | null;
}

export function createSecretBox(authSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", authSecret, "glassroom", INFO, 32));
  return {
    seal(plaintext, binding) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(binding, "utf8"));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
    },
    open(sealed, binding) {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== VERSION || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAAD(Buffer.from(binding, "utf8"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}
