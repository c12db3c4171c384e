import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  backupCodeField,
  currentPasswordField,
  emailField,
  fullNameField,
  joinCodeField,
  passwordField,
  personNameField,
  totpCodeField,
  workspaceNameField,
} from "./fields.ts";

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("emailField", () => {
  it("trims and lower-cases", () => {
    expect(emailField.parse("  Ada.Lovelace@Example.COM ")).toBe("ada.lovelace@example.com");
  });

  it.each([
    [undefined, "Email is required."],
    [42, "Email is required."],
    ["", "Email is required."],
    ["   ", "Email is required."],
    ["not-an-email", "Email must be a valid email address."],
    ["a@b", "Email must be a valid email address."],
    [`${"x".repeat(250)}@example.com`, "Email must be at most 254 characters."],
  ])("refuses %j with %j", (value, message) => {
    expect(messageOf(emailField.safeParse(value))).toBe(message);
  });
});

describe("passwordField and currentPasswordField", () => {
  it("needs 10 to 128 characters for a new password", () => {
    expect(messageOf(passwordField.safeParse(""))).toBe("Password is required.");
    expect(messageOf(passwordField.safeParse("123456789"))).toBe("Password must be at least 10 characters.");
    expect(passwordField.safeParse("1234567890").success).toBe(true);
    expect(passwordField.safeParse("x".repeat(128)).success).toBe(true);
    expect(messageOf(passwordField.safeParse("x".repeat(129)))).toBe("Password must be at most 128 characters.");
    expect(messageOf(passwordField.safeParse(["a-long-password"]))).toBe("Password is required.");
  });

  it("keeps spaces: a password is used exactly as typed", () => {
    expect(passwordField.parse("  spaced out  ")).toBe("  spaced out  ");
  });

  it("accepts any stored password at sign-in, however short", () => {
    expect(currentPasswordField.safeParse("short").success).toBe(true);
    expect(currentPasswordField.safeParse("").success).toBe(false);
    expect(currentPasswordField.safeParse("x".repeat(129)).success).toBe(false);
  });
});

describe("fullNameField and workspaceNameField", () => {
  it("trim and bound the length", () => {
    expect(fullNameField.parse("  Ada  ")).toBe("Ada");
    expect(fullNameField.safeParse("x".repeat(100)).success).toBe(true);
    expect(messageOf(fullNameField.safeParse("x".repeat(101)))).toBe("Full name must be at most 100 characters.");
    expect(messageOf(fullNameField.safeParse("   "))).toBe("Full name is required.");
    // The settings call the same name "Display name": its messages say so.
    expect(messageOf(personNameField("Display name").safeParse("   "))).toBe("Display name is required.");
    expect(messageOf(workspaceNameField.safeParse("X"))).toBe("Workspace name must be at least 2 characters.");
    expect(messageOf(workspaceNameField.safeParse("x".repeat(81)))).toBe("Workspace name must be at most 80 characters.");
  });

  it.each(["<b>", "a>b", "tab\there", "new\nline", "nul\u0000"])("refuse markup and control characters: %j", (value) => {
    expect(fullNameField.safeParse(`Name ${value}`).success).toBe(false);
    expect(workspaceNameField.safeParse(`Name ${value}`).success).toBe(false);
  });

  it("accept names from any script", () => {
    for (const name of ["José Álvarez", "李小龍", "Zoë O'Brien-Smith", "Ådne Ørsted"]) {
      expect(fullNameField.parse(name)).toBe(name);
      expect(workspaceNameField.parse(name)).toBe(name);
    }
  });
});

describe("joinCodeField", () => {
  it("normalises case, spaces and dashes", () => {
    expect(joinCodeField.parse(" abcd-ef23 ")).toBe("ABCDEF23");
    expect(joinCodeField.parse("ab cd ef 23")).toBe("ABCDEF23");
  });

  it("accepts any 8-character code however it is typed", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{8}$/), fc.boolean(), fc.boolean(), (code, lower, dashed) => {
        let typed = lower ? code.toLowerCase() : code;
        if (dashed) typed = `${typed.slice(0, 4)}-${typed.slice(4)}`;
        expect(joinCodeField.parse(typed)).toBe(code);
      }),
    );
  });

  it.each(["", "ABC", "ABCDEFGHI", "ABCD_EF2", "ÄBCDEFG2"])("refuses %j", (value) => {
    expect(messageOf(joinCodeField.safeParse(value))).toBe("Join code must be 8 letters or digits.");
  });
});

describe("totpCodeField and backupCodeField", () => {
  it("takes exactly six digits for an authenticator code", () => {
    expect(totpCodeField.parse(" 123456 ")).toBe("123456");
    for (const value of ["12345", "1234567", "12345a", ""]) expect(totpCodeField.safeParse(value).success).toBe(false);
  });

  it("bounds a backup code", () => {
    expect(backupCodeField.parse(" abcde-fghij ")).toBe("abcde-fghij");
    expect(backupCodeField.safeParse("").success).toBe(false);
    expect(backupCodeField.safeParse("x".repeat(33)).success).toBe(false);
  });
});
