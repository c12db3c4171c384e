import { createHash, randomBytes } from "node:crypto";

/**
 * Invitation tokens: 32 random bytes (base64url, 43 characters) travel in the mailed link;
 * only their SHA-256 is stored, so that a copy of the database opens no invitation. A plain
 * hash (no salt, no slow hashing) is enough for 256 random bits and lets the token be found
 * by an index look-up.
 */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function invitationUrl(appUrl: string, token: string): string {
  return `${appUrl}/invite?token=${token}`;
}
