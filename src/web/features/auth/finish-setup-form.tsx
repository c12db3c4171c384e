import { Alert, Button, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { ApiError } from "../../lib/api-client.ts";
import { deferredZodValidator } from "../../lib/forms.ts";
import { queryClient } from "../../lib/query-client.ts";
import { refreshMe, sessionKeys, usePublicConfig } from "../session/api.ts";
import { useAskToJoin, useStartWorkspace } from "./api.ts";
import { focusFirstError, showServerErrors } from "./form-errors.ts";
import { WorkspaceChoiceFields, type WorkspaceChoice, type WorkspaceChoiceValues } from "./workspace-choice-fields.tsx";

const FIELDS = ["workspaceName", "joinCode"] as const;
const initialValues: WorkspaceChoiceValues = { choice: "start", workspaceName: "", joinCode: "" };
const loadSchemas = () => import("./form-schemas.ts");
const choiceForm = deferredZodValidator<WorkspaceChoiceValues>(() => loadSchemas().then((module) => (values: WorkspaceChoiceValues) => module.workspaceChoiceShape(values.choice)));

/**
 * A signed-in account without a workspace (a new Google account): start a workspace (its
 * admin at once) or ask to join one (the server then ends the session until approval).
 */
export function FinishSetupForm({ onAskedToJoin }: { onAskedToJoin: () => void }) {
  const { data: config } = usePublicConfig();
  const startAllowed = config?.workspaceSignup ?? true;
  const navigate = useNavigate();
  const start = useStartWorkspace();
  const join = useAskToJoin();
  const [error, setError] = useState<ApiError | null>(null);
  const form = useForm({ mode: "controlled", initialValues, validate: choiceForm.validate });
  const choice: WorkspaceChoice = startAllowed ? form.values.choice : "join";

  const submit = form.onSubmit(
    async (values) => {
      const invalid = await choiceForm.check(values);
      if (Object.keys(invalid).length > 0) {
        form.setErrors(invalid);
        focusFirstError(form, invalid);
        return;
      }
      setError(null);
      try {
        const { joinWorkspaceSchema, startWorkspaceSchema } = await loadSchemas();
        if (choice === "start") {
          await start.mutateAsync(startWorkspaceSchema.parse(values));
          await refreshMe();
          void navigate("/admin/dashboard", { replace: true });
        } else {
          await join.mutateAsync(joinWorkspaceSchema.parse(values));
          onAskedToJoin();
          queryClient.clear();
          queryClient.setQueryData(sessionKeys.me, null);
        }
      } catch (failure) {
        setError(showServerErrors(form, failure, FIELDS));
      }
    },
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <WorkspaceChoiceFields form={form} startAllowed={startAllowed} />
        {error ? (
          <Alert color="red" role="alert" title={choice === "start" ? "Could not start the workspace" : "Could not send your request"}>
            {error.message}
          </Alert>
        ) : null}
        <Button type="submit" loading={start.isPending || join.isPending} fullWidth>
          {choice === "start" ? "Start workspace" : "Ask to join"}
        </Button>
      </Stack>
    </form>
  );
}
