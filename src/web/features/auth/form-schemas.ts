import { z } from "zod";
import { currentPasswordField, emailField, fullNameField, passwordField } from "../../../shared/schemas/fields.ts";
import { workspaceChoiceShape } from "./workspace-choice.tsx";
import type { WorkspaceChoice } from "./workspace-choice-fields.tsx";

/**
 * Schemas of account forms, built from the shared field rules (the API's own), in a module of
 * their own: the pages load zod (about 25 KB of gzip) after their first render and wait for
 * it only if the form is sent before it arrives (lib/forms.ts, deferredZodValidator).
 */
export const loginSchema = z.object({ email: emailField, password: currentPasswordField });
/** Forgot password and resending the confirmation mail. */
export const emailFormSchema = z.object({ email: emailField });

/** A new password, typed twice (the reset link's form). */
export const newPasswordSchema = z
  .object({ newPassword: passwordField, confirmPassword: z.string() })
  .refine((values) => values.confirmPassword.length > 0, { path: ["confirmPassword"], message: "Confirm your new password." })
  .refine((values) => values.confirmPassword.length === 0 || values.newPassword === values.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two passwords do not match.",
  });

/** The sign-up form: the account, and the one field that goes with the workspace choice. */
export function signupSchema(choice: WorkspaceChoice) {
  return z.object({ fullName: fullNameField, email: emailField, password: passwordField }).and(workspaceChoiceShape(choice));
}

/** Sign-up from an invitation: the email is the invited one, so name and password only. */
export const invitationSignupSchema = z.object({ fullName: fullNameField, password: passwordField });

export { joinWorkspaceSchema, startWorkspaceSchema, workspaceChoiceShape } from "./workspace-choice.tsx";
