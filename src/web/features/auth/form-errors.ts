import { asApiError, type ApiError } from "../../lib/api-client.ts";
import { serverFieldErrors } from "../../lib/forms.ts";

interface ErrorTarget {
  setErrors: (errors: Record<string, string>) => void;
  getInputNode: (path: string) => HTMLElement | null;
}

/** Moves keyboard focus to the first field with an error, so that its message is read out. */
export function focusFirstError(form: Pick<ErrorTarget, "getInputNode">, errors: Record<string, unknown>): void {
  for (const field of Object.keys(errors)) {
    const node = form.getInputNode(field);
    if (node) {
      node.focus();
      return;
    }
  }
}

/**
 * Shows a failed submit: the errors the server named for visible fields go next to those
 * fields; anything else comes back as the error for the form's alert (null when every
 * message found its field).
 */
export function showServerErrors(form: ErrorTarget, error: unknown, fields: readonly string[]): ApiError | null {
  const apiError = asApiError(error);
  const named = serverFieldErrors(apiError);
  const placed = Object.fromEntries(Object.entries(named).filter(([field]) => fields.includes(field)));
  if (Object.keys(placed).length > 0) {
    form.setErrors(placed);
    focusFirstError(form, placed);
  }
  return Object.keys(placed).length === Object.keys(named).length && Object.keys(named).length > 0 ? null : apiError;
}
