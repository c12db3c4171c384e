import {
  currentPasswordRule,
  emailRule,
  fullNameRule,
  joinCodeRule,
  passwordRule,
  workspaceNameRule,
  type Checked,
} from "../../../shared/schemas/field-rules.ts";
import { fieldChecks } from "../../lib/forms.ts";
import type { WorkspaceChoice } from "./workspace-choice-fields.tsx";

/**
 * The account forms' checks, from the shared field rules: the API's own rules and messages,
 * as plain functions (no zod on the account pages: the page-weight budgets of tests/budgets).
 */

export const loginChecks = fieldChecks<"email" | "password">({ email: emailRule.check, password: currentPasswordRule.check });

/** Forgot password and resending the confirmation mail. */
export const emailFormChecks = fieldChecks<"email">({ email: emailRule.check });

/** The second entry of a new password: a rule of this form only (the API is sent the password once). */
function confirmPassword(text: string, values: { newPassword: string }): Checked {
  if (text.length === 0) return { value: text, problems: ["Confirm your new password."] };
  return { value: text, problems: text === values.newPassword ? [] : ["The two passwords do not match."] };
}

/** A new password, typed twice (the reset link's form). */
export const newPasswordChecks = fieldChecks<"newPassword" | "confirmPassword">({ newPassword: passwordRule.check, confirmPassword });

/** The one field that goes with the workspace choice. */
export const workspaceChoiceChecks = (choice: WorkspaceChoice) =>
  fieldChecks<"workspaceName" | "joinCode">(choice === "start" ? { workspaceName: workspaceNameRule.check } : { joinCode: joinCodeRule.check });

/** The sign-up form: the account, and the one field that goes with the workspace choice. */
export const signupChecks = (choice: WorkspaceChoice) =>
  fieldChecks<"fullName" | "email" | "password" | "workspaceName" | "joinCode">({
    fullName: fullNameRule.check,
    email: emailRule.check,
    password: passwordRule.check,
    ...(choice === "start" ? { workspaceName: workspaceNameRule.check } : { joinCode: joinCodeRule.check }),
  });

/** Sign-up from an invitation: the email is the invited one, so name and password only. */
export const invitationSignupChecks = fieldChecks<"fullName" | "password">({ fullName: fullNameRule.check, password: passwordRule.check });
