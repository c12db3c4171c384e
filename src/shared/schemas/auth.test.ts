import { describe, expect, it } from "vitest";
import { signupRequestSchema } from "./auth.ts";

const base = { fullName: "Ada Lovelace", email: "Ada@Example.com", password: "correct-horse-battery" };

describe("signupRequestSchema", () => {
  it("accepts a new workspace and normalises the email", () => {
    expect(signupRequestSchema.parse({ ...base, workspaceName: " Ada Tutoring " })).toEqual({
      fullName: "Ada Lovelace",
      email: "ada@example.com",
      password: "correct-horse-battery",
      workspaceName: "Ada Tutoring",
    });
  });

  it("accepts a join code", () => {
    expect(signupRequestSchema.parse({ ...base, joinCode: "abcd-2345" }).joinCode).toBe("ABCD2345");
  });

  it("wants exactly one of workspace name and join code, naming the field", () => {
    const neither = signupRequestSchema.safeParse(base);
    expect(neither.success).toBe(false);
    expect(neither.error!.issues.map((issue) => issue.path)).toEqual([["workspaceName"]]);
    const both = signupRequestSchema.safeParse({ ...base, workspaceName: "Ada Tutoring", joinCode: "ABCD2345" });
    expect(both.error!.issues.map((issue) => issue.path)).toEqual([["joinCode"]]);
    expect(both.error!.issues[0]!.message).toMatch(/either a workspace name .* or a join code/);
  });

  it("refuses unknown fields", () => {
    const result = signupRequestSchema.safeParse({ ...base, workspaceName: "Ada Tutoring", role: "admin" });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ code: "unrecognized_keys", keys: ["role"] });
  });

  it("reports every bad field at once", () => {
    const result = signupRequestSchema.safeParse({ fullName: "", email: "x", password: "short", workspaceName: "Ada" });
    const paths = result.error!.issues.map((issue) => issue.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["fullName", "email", "password"]));
  });
});
