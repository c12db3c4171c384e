import { Alert, Button, Stack } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { ApiError } from "../../lib/api-client.ts";
import { useAccountForm } from "../../lib/forms.ts";
import { loadedQueryClient } from "../../lib/query-provider.ts";
import { refreshViewer, setKnownViewer, usePublicConfigValue } from "../session/viewer.ts";
import { workspaceChoiceChecks } from "./form-checks.ts";
import { showServerErrors } from "./form-errors.ts";
import { askToJoin, startWorkspace } from "./requests.ts";
import { WorkspaceChoiceFields, type WorkspaceChoice } from "./workspace-choice-fields.tsx";

const FIELDS = ["workspaceName", "joinCode"] as const;

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
  const checks = workspaceChoiceChecks(choice);
  const form = useAccountForm({ fields: FIELDS, validate: checks.validate });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const { workspaceName, joinCode } = checks.values(values);
      if (choice === "start") {
        await startWorkspace({ workspaceName });
        // The session now has the workspace: read again for the dashboard (features/session/viewer.ts).
        await refreshViewer();
        void navigate("/admin/dashboard", { replace: true });
      } else {
        await askToJoin({ joinCode });
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
