import { useState } from "react";
import { ApiError } from "../../lib/api-client.ts";
import { serverFieldErrors, useAccountForm, type FieldErrors } from "../../lib/forms.ts";

/**
 * A refused submission: the fields the server named (shown under each field), and what else
 * it said (too many messages, no connection) for the form's alert.
 */
function failureOf(error: unknown): { fields: FieldErrors; message: string | null } {
  const fields = serverFieldErrors(error);
  if (Object.keys(fields).length > 0) return { fields, message: null };
  return { fields, message: error instanceof ApiError ? error.message : "Your message could not be sent. Try again in a moment." };
}

/**
 * A public form's state: its fields (validated by `validate` before sending), whether it was
 * received, and what the server refused — each field's message under it (the first one
 * focused), anything else in `failure` for the form's alert.
 */
export function useEnquiryForm<Field extends string>({
  fields,
  validate,
  send,
}: {
  fields: readonly Field[];
  validate: (values: Record<Field, string>) => FieldErrors | Promise<FieldErrors>;
  send: (values: Record<Field, string>) => Promise<unknown>;
}) {
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useAccountForm({ fields, validate });
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await send(values);
      setSent(true);
    } catch (error) {
      const refused = failureOf(error);
      form.setErrors(refused.fields);
      form.focusFirstError(refused.fields);
      setFailure(refused.message);
    }
  });
  return { form, submit, sent, failure, sendAnother: () => setSent(false) };
}
