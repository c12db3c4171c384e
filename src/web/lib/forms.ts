import { useCallback, useRef, useState, type FormEvent } from "react";
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

export type FieldErrors = Record<string, string>;

/**
 * The account pages' forms (sign-in, sign-up, password reset, confirmation, invitation): the
 * browser keeps what is typed (uncontrolled fields, so text typed before the page's script
 * runs is kept too) and the values are read from the form when it is sent; this hook keeps
 * the errors, clears a field's error when it changes, and moves focus to the first field in
 * error. The area's forms use @mantine/form; these public pages cannot afford its 6 KB of
 * gzip within their 151 KB budget. `validate` may be async (a deferredZodValidator's
 * `check`): the submit waits for it.
 */
export function useAccountForm<Field extends string>({
  fields,
  validate,
}: {
  fields: readonly Field[];
  validate: (values: Record<Field, string>) => FieldErrors | Promise<FieldErrors>;
}) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  // The form element, from its last submit: its fields are looked up only after a submit.
  const formElement = useRef<HTMLFormElement | null>(null);

  const getInputNode = useCallback((field: string): HTMLElement | null => {
    const node = formElement.current?.elements.namedItem(field);
    return node instanceof HTMLElement ? node : null;
  }, []);
  const clearFieldError = useCallback((field: string) => {
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);
  const setFieldError = useCallback((field: string, message: string) => setErrors((current) => ({ ...current, [field]: message })), []);
  const focusFirstError = useCallback(
    (found: FieldErrors) => {
      for (const field of Object.keys(found)) {
        const node = getInputNode(field);
        if (node) return node.focus();
      }
    },
    [getInputNode],
  );

  /** Props of the input named `field`: its name (the value is read by it), its error, and clearing that error on change. */
  const field = (name: Field): { name: string; error: string | undefined; onChange: () => void } => ({
    name,
    error: errors[name],
    onChange: () => clearFieldError(name),
  });

  /**
   * The form's submit handler: reads and validates the values, then calls `handler` with valid
   * ones. `submitting` is true from the submit until the handler has finished.
   */
  const onSubmit = (handler: (values: Record<Field, string>) => unknown) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    formElement.current = event.currentTarget;
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(fields.map((name) => [name, String(data.get(name) ?? "")])) as Record<Field, string>;
    setSubmitting(true);
    try {
      const found = await validate(values);
      setErrors(found);
      if (Object.keys(found).length > 0) return focusFirstError(found);
      await handler(values);
    } finally {
      setSubmitting(false);
    }
  };

  return { errors, submitting, field, onSubmit, setErrors, setFieldError, clearFieldError, getInputNode, focusFirstError };
}

export type AccountForm<Field extends string> = ReturnType<typeof useAccountForm<Field>>;
