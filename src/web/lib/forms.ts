import type { z } from "zod";
import { ApiError } from "./api-client.ts";

/**
 * Mantine form validation from a shared zod schema: the same rules and messages as the API.
 * Returns one message per top-level field.
 */
export function zodFormValidator<T>(schema: z.ZodType<unknown, T>) {
  return (values: T): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? "form");
      errors[field] ??= issue.message;
    }
    return errors;
  };
}

/** Field errors that the server named, for form.setErrors; the rest goes to a form-level alert. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}
