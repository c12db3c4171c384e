import { Alert, Button, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import type { SignupResponse } from "../../../shared/schemas/auth.ts";
import { emailField, fullNameField, passwordField } from "../../../shared/schemas/fields.ts";
import type { ApiError } from "../../lib/api-client.ts";
import { zodFormValidator } from "../../lib/forms.ts";
import { usePublicConfig } from "../session/api.ts";
import { useSignUp } from "./api.ts";
import { focusFirstError, showServerErrors } from "./form-errors.ts";
import { NewPasswordInput } from "./password-hint.tsx";
import { WorkspaceChoiceFields, workspaceChoiceShape, type WorkspaceChoice } from "./workspace-choice.tsx";

const FIELDS = ["fullName", "email", "password", "workspaceName", "joinCode"] as const;

function signupFormSchema(choice: WorkspaceChoice) {
  return z.object({ fullName: fullNameField, email: emailField, password: passwordField }).and(workspaceChoiceShape(choice));
}

const initialValues = { fullName: "", email: "", password: "", choice: "start" as WorkspaceChoice, workspaceName: "", joinCode: "" };
const validate = (values: typeof initialValues) => zodFormValidator(signupFormSchema(values.choice))(values);

/**
 * The sign-up form: Full name, Email, Password, and the workspace choice. `joinCode` (from
 * /signup?join=CODE) selects "Join a workspace" and fills in the code.
 */
export function SignupForm({ joinCode, onDone }: { joinCode: string | null; onDone: (result: SignupResponse) => void }) {
  const { data: config } = usePublicConfig();
  const startAllowed = config?.workspaceSignup ?? true;
  const signUp = useSignUp();
  const [error, setError] = useState<ApiError | null>(null);
  const form = useForm({ mode: "controlled", initialValues, validate });

  // Applied after the first render, once: the page is pre-rendered without its query string.
  const prefilled = useRef<string | null>(null);
  const { setValues } = form;
  useEffect(() => {
    if (!joinCode || prefilled.current === joinCode) return;
    prefilled.current = joinCode;
    setValues({ choice: "join", joinCode: joinCode.toUpperCase() });
  }, [joinCode, setValues]);

  const submit = form.onSubmit(
    async (values) => {
      setError(null);
      const input = signupFormSchema(values.choice).parse(values);
      try {
        onDone(await signUp.mutateAsync(input));
      } catch (failure) {
        setError(showServerErrors(form, failure, FIELDS));
      }
    },
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label="Full name" autoComplete="name" required {...form.getInputProps("fullName")} />
        <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps("email")} />
        <NewPasswordInput label="Password" {...form.getInputProps("password")} />
        <WorkspaceChoiceFields form={form} startAllowed={startAllowed} />
        {error ? (
          <Alert color="red" role="alert" title="Could not create your account">
            {error.message}
          </Alert>
        ) : null}
        <Button type="submit" loading={signUp.isPending} fullWidth>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
