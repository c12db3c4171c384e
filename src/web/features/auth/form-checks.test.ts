import { describe, expect, it } from "vitest";
import { emailFormChecks, loginChecks, newPasswordChecks, signupChecks } from "./form-checks.ts";

describe("the account forms' checks", () => {
  it("give each field's first problem, in the API's words", () => {
    expect(loginChecks.validate({ email: " ", password: "" })).toEqual({ email: "Email is required.", password: "Password is required." });
    expect(emailFormChecks.validate({ email: "not-an-address" })).toEqual({ email: "Email must be a valid email address." });
    expect(loginChecks.validate({ email: "ada@example.com", password: "short" })).toEqual({});
  });

  it("keep the values as the API does: trimmed, the email lower-cased, the join code in capitals", () => {
    expect(emailFormChecks.values({ email: "  Ada@Example.COM " })).toEqual({ email: "ada@example.com" });
    const join = signupChecks("join");
    const typed = { fullName: " Ada ", email: "Ada@Example.com", password: "a long password", workspaceName: "", joinCode: "abcd-ef23" };
    expect(join.validate(typed)).toEqual({});
    expect(join.values(typed)).toEqual({ ...typed, fullName: "Ada", email: "ada@example.com", joinCode: "ABCDEF23" });
  });

  it("check only the field of the workspace choice made", () => {
    const empty = { fullName: "Ada", email: "ada@example.com", password: "a long password", workspaceName: "", joinCode: "" };
    expect(signupChecks("start").validate(empty)).toEqual({ workspaceName: "Workspace name must be at least 2 characters." });
    expect(signupChecks("join").validate(empty)).toEqual({ joinCode: "Join code must be 8 letters or digits." });
  });

  it("ask for the new password twice, the same both times", () => {
    expect(newPasswordChecks.validate({ newPassword: "", confirmPassword: "" })).toEqual({
      newPassword: "Password is required.",
      confirmPassword: "Confirm your new password.",
    });
    expect(newPasswordChecks.validate({ newPassword: "a long password", confirmPassword: "a long passwort" })).toEqual({
      confirmPassword: "The two passwords do not match.",
    });
    expect(newPasswordChecks.validate({ newPassword: "a long password", confirmPassword: "a long password" })).toEqual({});
  });
});
