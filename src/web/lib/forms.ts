import { useCallback, useRef, useState, type FormEvent } from "react";
import type { Checked } from "../../shared/schemas/field-rules.ts";
import { ApiError } from "./api-client.ts";

/** A field's check: a rule of src/shared/schemas/field-rules.ts, or a form's own (which may read the other values). */
export type FieldCheck<Field extends string> = (text: string, values: Record<Field, string>) => Checked;

/**
 * A form's checks with the shared field rules (the API's own rules and messages, without zod):
 * `validate` gives each field's first problem, for useAccountForm; `values` what the rules keep
 * (trimmed, lower-cased…), to send once nothing was found.
 */
export function fieldChecks<Field extends string>(checks: Partial<Record<Field, FieldCheck<Field>>>) {
  const run = (values: Record<Field, string>) =>
    (Object.entries(checks) as [Field, FieldCheck<Field>][]).map(([field, check]) => [field, check(values[field], values)] as const);
  return {
    validate(values: Record<Field, string>): FieldErrors {
      const errors: FieldErrors = {};
      for (const [field, { problems }] of run(values)) if (problems[0]) errors[field] = problems[0];
      return errors;
    },
    values(values: Record<Field, string>): Record<Field, string> {
      const kept = { ...values };
      for (const [field, { value }] of run(values)) kept[field] = value;
      return kept;
    },
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
 * gzip within their budget. `validate` is the account pages' fieldChecks, or, on the public
 * enquiry forms, a deferredZodValidator's `check` (lib/zod-forms.ts), which the submit waits for.
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
