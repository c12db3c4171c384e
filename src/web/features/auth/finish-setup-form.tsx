import { Alert, Button, Stack } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { ApiError } from "../../lib/api-client.ts";
import { deferredZodValidator, useAccountForm } from "../../lib/forms.ts";
import { loadedQueryClient } from "../../lib/query-provider.ts";
import { setKnownViewer, usePublicConfigValue } from "../session/viewer.ts";
import { showServerErrors } from "./form-errors.ts";
import { askToJoin, startWorkspace } from "./requests.ts";
import { WorkspaceChoiceFields, type WorkspaceChoice, type WorkspaceChoiceValues } from "./workspace-choice-fields.tsx";

const FIELDS = ["workspaceName", "joinCode"] as const;
const loadSchemas = () => import("./form-schemas.ts");
const choiceForm = deferredZodValidator<WorkspaceChoiceValues>(() =>
  loadSchemas().then((module) => (values: WorkspaceChoiceValues) => module.workspaceChoiceShape(values.choice)),
);

/**
 * A signed-in account without a workspace (a new Google account): start a workspace (its
 * admin at once) or ask to join one (the server then ends the session until approval).
 */
export function FinishSetupForm({ onAskedToJoin }: { onAskedToJoin: () => void }) {
  const config = usePublicConfigValue();
  const startAllowed = config?.workspaceSignup ?? true;
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<WorkspaceChoice>("start");
  const choice: WorkspaceChoice = startAllowed ? chosen : "join";
  const [error, setError] = useState<ApiError | null>(null);
  const form = useAccountForm({ fields: FIELDS, validate: (values) => choiceForm.check({ ...values, choice }) });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      // Without zod (it could not load), the value goes as typed: the API checks the same rules.
      const schemas = await loadSchemas().catch(() => null);
      if (choice === "start") {
        await startWorkspace(schemas ? schemas.startWorkspaceSchema.parse(values) : { workspaceName: values.workspaceName });
        // The dashboard reads the session through the query cache: refreshed there, it is the one answer (features/session/api.ts).
        const { refreshMe } = await import("../session/api-lazy.ts");
        await refreshMe();
        void navigate("/admin/dashboard", { replace: true });
      } else {
        await askToJoin(schemas ? schemas.joinWorkspaceSchema.parse(values) : { joinCode: values.joinCode });
        // The server ended the session: signed out until an administrator approves.
        loadedQueryClient()?.clear();
        setKnownViewer(null);
        onAskedToJoin();
      }
    } catch (failure) {
      setError(showServerErrors(form, failure, FIELDS));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <WorkspaceChoiceFields form={form} choice={choice} onChoiceChange={setChosen} startAllowed={startAllowed} />
        {error ? (
          <Alert color="red" role="alert" title={choice === "start" ? "Could not start the workspace" : "Could not send your request"}>
            {error.message}
          </Alert>
        ) : null}
        <Button type="submit" loading={form.submitting} fullWidth>
          {choice === "start" ? "Start workspace" : "Ask to join"}
        </Button>
      </Stack>
    </form>
  );
}
