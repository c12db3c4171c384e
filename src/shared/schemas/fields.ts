import { z } from "zod";

/** Field rules shared by the forms and the API. Messages name the field. */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

export const emailField = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(254, "Email must be at most 254 characters.")
  .pipe(z.email({ error: "Email must be a valid email address." }))
  .transform((value) => value.toLowerCase());

export const passwordField = z
  .string({ error: "Password is required." })
  .min(1, "Password is required.")
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

/** At sign-in any stored password is acceptable; only presence and a sane size are checked. */
export const currentPasswordField = z
  .string({ error: "Password is required." })
  .min(1, "Password is required.")
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

export const fullNameField = z
  .string({ error: "Full name is required." })
  .trim()
  .min(1, "Full name is required.")
  .max(100, "Full name must be at most 100 characters.")
  .refine((value) => !/[<>\u0000-\u001f]/.test(value), "Full name must not contain < > or control characters.");

export const workspaceNameField = z
  .string({ error: "Workspace name is required." })
  .trim()
  .min(2, "Workspace name must be at least 2 characters.")
  .max(80, "Workspace name must be at most 80 characters.")
  .refine((value) => !/[<>\u0000-\u001f]/.test(value), "Workspace name must not contain < > or control characters.");

export const JOIN_CODE_PATTERN = /^[A-Z0-9]{8}$/;
export const joinCodeField = z
  .string({ error: "Join code is required." })
  .trim()
  .transform((value) => value.toUpperCase().replace(/[\s-]/g, ""))
  .pipe(z.string().regex(JOIN_CODE_PATTERN, "Join code must be 8 letters or digits."));

export const totpCodeField = z
  .string({ error: "Code is required." })
  .trim()
  .regex(/^\d{6}$/, "Code must be the 6 digits shown by your authenticator app.");

export const backupCodeField = z
  .string({ error: "Backup code is required." })
  .trim()
  .min(1, "Backup code is required.")
  .max(32, "Backup code must be at most 32 characters.");
