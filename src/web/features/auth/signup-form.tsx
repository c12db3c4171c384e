import { Alert, Button, Stack, TextInput } from "@mantine/core";
import { useState, useSyncExternalStore } from "react";
import type { SignupResponse } from "../../../shared/schemas/auth.ts";
import type { ApiError } from "../../lib/api-client.ts";
import { useAccountForm } from "../../lib/forms.ts";
import { usePublicConfigValue } from "../session/viewer.ts";
import { signupChecks } from "./form-checks.ts";
import { showServerErrors } from "./form-errors.ts";
import { NewPasswordInput } from "./password-hint.tsx";
import { signUp } from "./requests.ts";
import { WorkspaceChoiceFields, type WorkspaceChoice } from "./workspace-choice-fields.tsx";

const FIELDS = ["fullName", "email", "password", "workspaceName", "joinCode"] as const;
const noSubscription = () => () => {};

/**
 * The sign-up form: Full name, Email, Password, and the workspace choice. `joinCode` (from
 * /signup?join=CODE) selects "Join a workspace" and fills in the code.
 */
export function SignupForm({ joinCode, onDone }: { joinCode: string | null; onDone: (result: SignupResponse) => void }) {
  const config = usePublicConfigValue();
  const startAllowed = config?.workspaceSignup ?? true;
  const [error, setError] = useState<ApiError | null>(null);
  // The link's code is applied after hydration: the page is pre-rendered without its query string.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const linkCode = hydrated && joinCode ? joinCode.toUpperCase() : "";
  const [chosen, setChosen] = useState<WorkspaceChoice | null>(null);
  const choice: WorkspaceChoice = !startAllowed ? "join" : (chosen ?? (linkCode ? "join" : "start"));
  const checks = signupChecks(choice);
  const form = useAccountForm({ fields: FIELDS, validate: checks.validate });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const kept = checks.values(values);
      const input = {
        fullName: kept.fullName,
        email: kept.email,
        password: kept.password,
        ...(choice === "start" ? { workspaceName: kept.workspaceName } : { joinCode: kept.joinCode }),
      };
      // A new workspace starts in the browser's zone. The server checks it and keeps UTC for a zone it
      // does not store (an offset, an old alias), so this page need not carry the zone rules.
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      onDone(await signUp(choice === "start" && zone ? { ...input, timeZone: zone } : input));
    } catch (failure) {
      setError(showServerErrors(form, failure, FIELDS));
    }
  });

  return (
    <form method="post" onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label="Full name" autoComplete="name" required {...form.field("fullName")} />
        <TextInput label="Email" type="email" autoComplete="email" required {...form.field("email")} />
        <NewPasswordInput label="Password" {...form.field("password")} />
        <WorkspaceChoiceFields form={form} choice={choice} onChoiceChange={setChosen} startAllowed={startAllowed} joinCode={linkCode} />
        {error ? (
          <Alert color="red" role="alert" title="Could not create your account">
            {error.message}
          </Alert>
        ) : null}
        <Button type="submit" loading={form.submitting} fullWidth>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
