import { Radio, Stack, TextInput } from "@mantine/core";
import type { AccountForm } from "../../lib/forms.ts";

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
 * allow new workspaces, only the join code is asked for (the form then sends "join"). The
 * choice is the form's state; `joinCode` fills in the code (from a link), once given.
 */
export function WorkspaceChoiceFields({
  form,
  choice,
  onChoiceChange,
  startAllowed,
  joinCode = "",
}: {
  form: Pick<AccountForm<"workspaceName" | "joinCode">, "field" | "clearFieldError">;
  choice: WorkspaceChoice;
  onChoiceChange: (choice: WorkspaceChoice) => void;
  startAllowed: boolean;
  joinCode?: string;
}) {
  return (
    <Stack gap="md">
      {startAllowed ? (
        <Radio.Group
          label="Your workspace"
          value={choice}
          onChange={(value: string) => {
            onChoiceChange(value === "join" ? "join" : "start");
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
        <TextInput
          label="Workspace name"
          description="The name of your tutoring business."
          autoComplete="organization"
          required
          {...form.field("workspaceName")}
        />
      ) : (
        <TextInput
          key={joinCode}
          defaultValue={joinCode}
          label="Join code"
          description="8 letters or digits. Ask your tutoring business for it."
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          {...form.field("joinCode")}
        />
      )}
    </Stack>
  );
}
