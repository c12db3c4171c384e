/**
 * RFC 6238 time-based one-time passwords (and RFC 4226 HOTP under them), enough to play
 * the authenticator app in tests. Secrets in otpauth:// URIs are base32 (RFC 4648).
 */
import { createHmac } from "node:crypto";

const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Decode(input: string): Buffer {
  const clean = input.replace(/=+$/, "").replace(/\s+/g, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`Not a base32 character: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export function hotp(key: Buffer, counter: number, digits = 6, algorithm: "sha1" | "sha256" | "sha512" = "sha1"): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const code = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(code % 10 ** digits).padStart(digits, "0");
}

export function totp(key: Buffer, options: { time?: number; period?: number; digits?: number; algorithm?: "sha1" | "sha256" | "sha512" } = {}): string {
  const time = options.time ?? Date.now();
  const period = options.period ?? 30;
  return hotp(key, Math.floor(time / 1000 / period), options.digits ?? 6, options.algorithm ?? "sha1");
}

/** The current code for an otpauth://totp/... URI (its secret, digits and period). */
export function totpFromUri(uri: string, time = Date.now()): string {
  const url = new URL(uri);
  const secret = url.searchParams.get("secret");
  if (!secret) throw new Error(`No secret in ${uri}`);
  return totp(base32Decode(secret), {
    time,
    digits: Number(url.searchParams.get("digits") ?? 6),
    period: Number(url.searchParams.get("period") ?? 30),
  });
}
