import { Input, Stack, TextInput } from "@mantine/core";
import { useId } from "react";
import type { AccountForm } from "../../lib/forms.ts";

export type WorkspaceChoice = "start" | "join";

const CHOICES: { value: WorkspaceChoice; label: string; description: string }[] = [
  { value: "start", label: "Start a new workspace", description: "For your own tutoring business. You become its administrator." },
  { value: "join", label: "Join a workspace", description: "With the join code from your tutoring business. An administrator approves you." },
];

/**
 * "Start a new workspace" (Workspace name) or "Join a workspace" (Join code), used by the
 * sign-up form and by a new Google account finishing its set-up. When the server does not
 * allow new workspaces, only the join code is asked for (the form then sends "join"). The
 * choice is the form's state; `joinCode` fills in the code (from a link), once given.
 *
 * The two choices are the browser's own radio buttons (a group: the arrow keys move between
 * them) with Mantine's label and description, styled in app.css: Mantine's Radio would bring
 * about 3 KB of gzip to these public pages, over their budget (tests/budgets).
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
  const id = useId();
  return (
    <Stack gap="md">
      {startAllowed ? (
        <Input.Wrapper label="Your workspace" labelElement="div" labelProps={{ id: `${id}-label` }}>
          <Stack gap="sm" mt="xs" role="radiogroup" aria-labelledby={`${id}-label`}>
            {CHOICES.map((option) => (
              <div key={option.value} className="choice-option">
                <input
                  type="radio"
                  className="choice-radio"
                  id={`${id}-${option.value}`}
                  name={`${id}-choice`}
                  value={option.value}
                  checked={choice === option.value}
                  aria-describedby={`${id}-${option.value}-description`}
                  onChange={() => {
                    onChoiceChange(option.value);
                    form.clearFieldError("workspaceName");
                    form.clearFieldError("joinCode");
                  }}
                />
                <div>
                  <Input.Label htmlFor={`${id}-${option.value}`}>{option.label}</Input.Label>
                  <Input.Description id={`${id}-${option.value}-description`}>{option.description}</Input.Description>
                </div>
              </div>
            ))}
          </Stack>
        </Input.Wrapper>
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
