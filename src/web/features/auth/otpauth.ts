/** The base32 secret of an otpauth:// URI, or null when there is none. */
export function secretOf(totpURI: string): string | null {
  try {
    return new URL(totpURI).searchParams.get("secret");
  } catch {
    return null;
  }
}

/** The secret in groups of four, easier to read and type into an app by hand. */
export function groupSecret(secret: string): string {
  return (
    secret
      .replace(/\s+/g, "")
      .match(/.{1,4}/g)
      ?.join(" ") ?? ""
  );
}

/** Backup codes as a text file: one per line, with what they are for. */
export function backupCodesText(codes: readonly string[], email: string): string {
  return [`Glassroom backup codes for ${email}`, "Each code can be used once, instead of a code from your authenticator app.", "", ...codes, ""].join("\n");
}
