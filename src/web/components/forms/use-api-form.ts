import { useForm, type UseFormInput, type UseFormReturnType } from "@mantine/form";
import type { UseMutationResult } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { z } from "zod";
import { ApiError } from "../../lib/api-client.ts";

export type FieldErrors = Record<string, string>;
type IssuePath = readonly PropertyKey[];

export interface ApiFormOptions<Values> extends Pick<UseFormInput<Values>, "initialValues" | "mode" | "validateInputOnBlur"> {
  initialValues: Values;
  /** What the schema checks when it is not the values themselves (the request the values make); null when there is nothing to send. */
  input?: (values: Values) => unknown;
  /**
   * The form field an issue's path names (the schema's on submit, the API's after a refusal):
   * by default its first segment, when the form has that field. Null: no field shows it, so
   * the refusal goes to the form's alert.
   */
  fieldOf?: (path: IssuePath, values: Values) => string | null;
  /** Rules the schema cannot check (a date before another of this form); their messages win. */
  validate?: (values: Values) => FieldErrors;
  /** Field errors for a refusal that names no field in its issues (a wrong password). */
  refusalFields?: (error: ApiError) => FieldErrors;
}

/** Fields of the form's last submit that show an error: the first one in the page gets the focus. */
const IN_ERROR = '[aria-invalid="true"], [data-error] input';

/**
 * The area's forms: @mantine/form's useForm, validated with the shared zod schema (the same
 * rules and messages as the API), sent through a TanStack mutation. A refusal goes to the fields
 * its issues name; what no field shows is `formError`, for the form's FormError alert. Either way
 * the first field in error gets the focus, so that its message is read out.
 *
 * `onSubmit(handler)` is the form's submit handler: `handler` gets valid values and usually
 * calls `send(variables, onSuccess)`. `onSuccess` runs even when the form is gone by then (a
 * modal that closed), which mutate's own callbacks would not.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as @mantine/form types its values: an interface has no index signature
export function useApiForm<Values extends Record<string, any>, Variables, Data>(
  schema: z.ZodType | null,
  mutation: UseMutationResult<Data, Error, Variables>,
  options: ApiFormOptions<Values>,
) {
  const { input, validate, refusalFields, ...formOptions } = options;
  const fieldOf = options.fieldOf ?? ((path: IssuePath) => (typeof path[0] === "string" && path[0] in options.initialValues ? path[0] : null));
  const [formError, setFormError] = useState<Error | null>(null);
  // The form element of the last submit: its fields are searched for the first one in error.
  const formElement = useRef<HTMLFormElement | null>(null);

  const form: UseFormReturnType<Values> = useForm<Values>({
    ...formOptions,
    validate: (values) => {
      const errors: FieldErrors = {};
      const checked = input ? input(values) : values;
      const result = schema && checked !== null ? schema.safeParse(checked) : null;
      for (const issue of result?.success === false ? result.error.issues : []) {
        errors[fieldOf(issue.path, values) ?? String(issue.path[0] ?? "form")] ??= issue.message;
      }
      return { ...errors, ...validate?.(values) };
    },
  });

  // Asked for with the errors and done once they are drawn.
  const [focusRequests, setFocusRequests] = useState(0);
  useEffect(() => {
    if (focusRequests > 0) formElement.current?.querySelector<HTMLElement>(IN_ERROR)?.focus();
  }, [focusRequests]);
  const focusFirstError = () => setFocusRequests((count) => count + 1);

  /** The refusal on the fields it names; true when every issue found its field. */
  const showRefusal = (error: unknown, values: Values): boolean => {
    if (!(error instanceof ApiError)) return false;
    const errors: FieldErrors = { ...refusalFields?.(error) };
    let placed = 0;
    for (const issue of error.issues) {
      const field = fieldOf(issue.path, values);
      if (!field) continue;
      errors[field] ??= issue.message;
      placed += 1;
    }
    if (Object.keys(errors).length === 0) return false;
    form.setErrors(errors);
    focusFirstError();
    return placed === error.issues.length;
  };

  const send = async (variables: Variables, onSuccess?: (data: Data) => void): Promise<void> => {
    const values = form.getValues();
    setFormError(null);
    let data: Data;
    try {
      data = await mutation.mutateAsync(variables);
    } catch (error) {
      if (!showRefusal(error, values)) setFormError(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    onSuccess?.(data);
  };

  const onSubmit = (handler: (values: Values) => unknown) => {
    const submit = form.onSubmit(
      (values) => void handler(values),
      () => focusFirstError(),
    );
    return (event?: FormEvent<HTMLFormElement>) => {
      formElement.current = event?.currentTarget ?? formElement.current;
      submit(event);
    };
  };

  // A reset of the mutation (a modal closed) clears the alert too.
  return { form, onSubmit, send, formError: mutation.isIdle ? null : formError };
}
