import type { z } from "zod";

// Validation from the shared zod schemas, for the forms that load zod: the public enquiry forms
// (after their first render) and the two-factor set-up. The account pages check with the plain
// field rules instead (./forms.ts, fieldChecks), and the area's forms go through useApiForm.

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

/**
 * Validation from a zod schema that is loaded after the page's first render (for the page-weight budget: zod is
 * about 25 KB of gzip). Loading starts at once. `validate` is the form's validator: until the
 * schema has arrived it finds nothing, so the submit handler first awaits `check`, which
 * loads the schema if needed and answers the same errors (empty when the values are valid).
 */
export function deferredZodValidator<T, Output = unknown>(load: () => Promise<z.ZodType<Output> | ((values: T) => z.ZodType<Output>)>) {
  type SchemaOf = (values: T) => z.ZodType<Output>;
  let schema: SchemaOf | undefined;
  let loading: Promise<SchemaOf> | undefined;
  const ready = () => {
    loading ??= load().then(
      (loaded) => (schema = typeof loaded === "function" ? loaded : () => loaded),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  if (typeof window !== "undefined") void ready().catch(() => {});
  return {
    validate: (values: T): Record<string, string> => (schema ? zodFormValidator(schema(values))(values) : {}),
    /** If zod cannot be loaded (the connection is down), nothing is found here: the API checks the same rules and names each field. */
    check: async (values: T): Promise<Record<string, string>> => {
      try {
        return zodFormValidator((await ready())(values))(values);
      } catch {
        return {};
      }
    },
    /** The schema's output for valid values (after `check` found no errors). */
    parse: async (values: T): Promise<Output> => (await ready())(values).parse(values),
  };
}
