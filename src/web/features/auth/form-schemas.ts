import { z } from "zod";
import { currentPasswordField, emailField } from "../../../shared/schemas/fields.ts";

/**
 * Schemas of account forms, built from the shared field rules (the API's own), in a module of
 * their own: the pages load zod (about 25 KB of gzip) after their first render and wait for
 * it only if the form is sent before it arrives (lib/forms.ts, deferredZodValidator).
 */
export const loginSchema = z.object({ email: emailField, password: currentPasswordField });
/** Forgot password and resending the confirmation mail. */
export const emailFormSchema = z.object({ email: emailField });

export { joinWorkspaceSchema, startWorkspaceSchema, workspaceChoiceShape } from "./workspace-choice.tsx";
