import { z } from "zod";
import { emailField, fullNameField, joinCodeField, passwordField, workspaceNameField } from "./fields.ts";
import { invitationTokenField } from "./members.ts";

export const signupRequestSchema = z
  .strictObject({
    fullName: fullNameField,
    email: emailField,
    password: passwordField,
    workspaceName: workspaceNameField.optional(),
    joinCode: joinCodeField.optional(),
    /** From an invitation link: the account joins with the invited role (and must use the invited email). */
    invitationToken: invitationTokenField.optional(),
    /** The browser's zone, for a new workspace: UTC when absent or not a region name both Intl and PostgreSQL know. */
    timeZone: z.string().max(64, "Time zone is too long.").optional(),
  })
  .superRefine((value, ctx) => {
    const given = (["workspaceName", "joinCode", "invitationToken"] as const).filter((field) => value[field] !== undefined);
    if (given.length !== 1) {
      ctx.addIssue({
        code: "custom",
        // None: the first choice of the form; several: the one given last.
        path: [given.at(-1) ?? "workspaceName"],
        message: "Give either a workspace name (to start a workspace) or a join code (to join one), or sign up from an invitation link: only one of them.",
      });
    }
  });
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const signupResponseSchema = z.object({
  next: z.enum(["dashboard", "approval"]),
  email: z.string(),
});
export type SignupResponse = z.infer<typeof signupResponseSchema>;
