import { ApiError } from "../../lib/api-client.ts";
import { serverFieldErrors, type FieldErrors } from "../../lib/forms.ts";

/**
 * A refused submission: the fields the server named (shown under each field), and what else
 * it said (too many messages, no connection) for the form's alert.
 */
export function failureOf(error: unknown): { fields: FieldErrors; message: string | null } {
  const fields = serverFieldErrors(error);
  if (Object.keys(fields).length > 0) return { fields, message: null };
  return { fields, message: error instanceof ApiError ? error.message : "Your message could not be sent. Try again in a moment." };
}
