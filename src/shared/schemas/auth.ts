import { z } from "zod";
import { emailField, fullNameField, joinCodeField, passwordField, workspaceNameField } from "./fields.ts";

export const signupRequestSchema = z
  .strictObject({
    fullName: fullNameField,
    email: emailField,
    password: passwordField,
    workspaceName: workspaceNameField.optional(),
    joinCode: joinCodeField.optional(),
  })
  .superRefine((value, ctx) => {
    const choices = [value.workspaceName, value.joinCode].filter((choice) => choice !== undefined);
    if (choices.length !== 1) {
      ctx.addIssue({
        code: "custom",
        path: value.workspaceName === undefined ? ["workspaceName"] : ["joinCode"],
        message: "Give either a workspace name (to start a workspace) or a join code (to join one), not both.",
      });
    }
  });
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const signupResponseSchema = z.object({
  next: z.enum(["dashboard", "approval"]),
  email: z.string(),
});
export type SignupResponse = z.infer<typeof signupResponseSchema>;
