import { Radio, Stack, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useEffect } from "react";

// The fields without their schemas (./workspace-choice.tsx): the pages that show them load zod
// after their first render (lib/forms.ts, deferredZodValidator).

export type WorkspaceChoice = "start" | "join";

export interface WorkspaceChoiceValues {
  choice: WorkspaceChoice;
  workspaceName: string;
  joinCode: string;
}

/**
 * "Start a new workspace" (Workspace name) or "Join a workspace" (Join code), used by the
 * sign-up form and by a new Google account finishing its set-up. When the server does not
 * allow new workspaces, only the join code is asked for.
 */
export function WorkspaceChoiceFields({ form, startAllowed }: { form: UseFormReturnType<WorkspaceChoiceValues>; startAllowed: boolean }) {
  const { choice } = form.values;
  useEffect(() => {
    if (!startAllowed && choice === "start") form.setFieldValue("choice", "join");
  }, [startAllowed, choice, form]);

  return (
    <Stack gap="md">
      {startAllowed ? (
        <Radio.Group
          label="Your workspace"
          value={choice}
          onChange={(value: string) => {
            form.setFieldValue("choice", value === "join" ? "join" : "start");
            form.clearFieldError("workspaceName");
            form.clearFieldError("joinCode");
          }}
        >
          <Stack gap="sm" mt="xs">
            <Radio value="start" label="Start a new workspace" description="For your own tutoring business. You become its administrator." />
            <Radio value="join" label="Join a workspace" description="With the join code from your tutoring business. An administrator approves you." />
          </Stack>
        </Radio.Group>
      ) : null}
      {choice === "start" && startAllowed ? (
        <TextInput label="Workspace name" description="The name of your tutoring business." autoComplete="organization" required {...form.getInputProps("workspaceName")} />
      ) : (
        <TextInput
          label="Join code"
          description="8 letters or digits. Ask your tutoring business for it."
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          {...form.getInputProps("joinCode")}
        />
      )}
    </Stack>
  );
}
