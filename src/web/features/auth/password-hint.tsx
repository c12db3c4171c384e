import { PasswordInput, type PasswordInputProps } from "@mantine/core";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../../shared/schemas/field-rules.ts";

/** The password rules in words, shown under every field where a password is chosen. */
export const PASSWORD_HINT = `${PASSWORD_MIN} to ${PASSWORD_MAX} characters. Very common passwords are not accepted.`;

/** A password field for choosing a new password: the hint, and the browser's password manager. */
export function NewPasswordInput(props: PasswordInputProps) {
  return <PasswordInput autoComplete="new-password" description={PASSWORD_HINT} required {...props} />;
}
