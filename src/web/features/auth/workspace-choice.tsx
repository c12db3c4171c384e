import { z } from "zod";
import { joinCodeField, workspaceNameField } from "../../../shared/schemas/fields.ts";
import type { WorkspaceChoice } from "./workspace-choice-fields.tsx";

export { WorkspaceChoiceFields, type WorkspaceChoice, type WorkspaceChoiceValues } from "./workspace-choice-fields.tsx";

export const startWorkspaceSchema = z.object({ workspaceName: workspaceNameField });
export const joinWorkspaceSchema = z.object({ joinCode: joinCodeField });

/** The one field that goes with the choice, with the shared rules. */
export function workspaceChoiceShape(choice: WorkspaceChoice) {
  return choice === "start" ? startWorkspaceSchema : joinWorkspaceSchema;
}
