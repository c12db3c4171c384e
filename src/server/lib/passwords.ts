import { dictionary } from "@zxcvbn-ts/language-common";

// The zxcvbn-ts list of the ~50,000 most common passwords, maintained upstream.
const COMMON_PASSWORDS = new Set((dictionary["passwords-common"] as string[]).map((word) => word.toLowerCase()));

export const COMMON_PASSWORD_MESSAGE = "Password is too common: choose one that others are unlikely to use.";

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
