/**
 * The rules of the account fields (email, passwords, names, workspace name, join code,
 * two-factor codes) as plain functions, without zod. The account pages check what is typed with
 * them before sending: they load no validation library (the page-weight budgets of
 * tests/budgets). The API's zod fields (./fields.ts) are built on the same functions, so each
 * rule and its message exist once.
 */

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
const EMAIL_MAX = 254;
const PERSON_NAME_MAX = 100;
const WORKSPACE_NAME_MIN = 2;
const WORKSPACE_NAME_MAX = 80;
const BACKUP_CODE_MAX = 32;

export interface Checked {
  value: string;
  problems: string[];
}

export interface FieldRule {
  /** The message for a value that is not text at all (only the API can be sent one). */
  required: string;
  /** What the API's documentation (OpenAPI) says of the text: the limits `check` applies. */
  documented: { minLength?: number; maxLength?: number; pattern?: string };
  /** The value the API keeps (trimmed, lower-cased…) and every problem found, in the order the API lists them. */
  check: (text: string) => Checked;
}

/** The value, and the message of every check that fails (each check runs, as zod's do). */
function checked(value: string, checks: [passes: boolean, message: string][]): Checked {
  return { value, problems: checks.filter(([passes]) => !passes).map(([, message]) => message) };
}

const NO_MARKUP = /[<>\u0000-\u001f]/;
/** zod's "practical" email pattern (z.email()), which the API used before these rules. */
const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const JOIN_CODE_PATTERN = /^[A-Z0-9]{8}$/;
const TOTP_CODE_PATTERN = /^\d{6}$/;

export const emailRule: FieldRule = {
  required: "Email is required.",
  documented: { minLength: 1, maxLength: EMAIL_MAX },
  check(text) {
    const value = text.trim();
    const length = checked(value, [
      [value.length >= 1, "Email is required."],
      [value.length <= EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters.`],
    ]);
    // The address is judged only once its length is right.
    if (length.problems.length > 0) return length;
    return checked(value.toLowerCase(), [[EMAIL_PATTERN.test(value), "Email must be a valid email address."]]);
  },
};

/** A password being chosen. Kept as typed: spaces count. */
export const passwordRule: FieldRule = {
  required: "Password is required.",
  documented: { minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX },
  check: (text) =>
    checked(text, [
      [text.length >= 1, "Password is required."],
      [text.length >= PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`],
      [text.length <= PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`],
    ]),
};

/** At sign-in any stored password is acceptable; only presence and a sane size are checked. */
export const currentPasswordRule: FieldRule = {
  required: "Password is required.",
  documented: { minLength: 1, maxLength: PASSWORD_MAX },
  check: (text) =>
    checked(text, [
      [text.length >= 1, "Password is required."],
      [text.length <= PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`],
    ]),
};

/** A person's name, its messages naming the field as the form labels it ("Full name", "Display name"). */
export function personNameRule(label: string): FieldRule {
  return {
    required: `${label} is required.`,
    documented: { minLength: 1, maxLength: PERSON_NAME_MAX },
    check(text) {
      const value = text.trim();
      return checked(value, [
        [value.length >= 1, `${label} is required.`],
        [value.length <= PERSON_NAME_MAX, `${label} must be at most ${PERSON_NAME_MAX} characters.`],
        [!NO_MARKUP.test(value), `${label} must not contain < > or control characters.`],
      ]);
    },
  };
}

export const fullNameRule = personNameRule("Full name");

export const workspaceNameRule: FieldRule = {
  required: "Workspace name is required.",
  documented: { minLength: WORKSPACE_NAME_MIN, maxLength: WORKSPACE_NAME_MAX },
  check(text) {
    const value = text.trim();
    return checked(value, [
      [value.length >= WORKSPACE_NAME_MIN, `Workspace name must be at least ${WORKSPACE_NAME_MIN} characters.`],
      [value.length <= WORKSPACE_NAME_MAX, `Workspace name must be at most ${WORKSPACE_NAME_MAX} characters.`],
      [!NO_MARKUP.test(value), "Workspace name must not contain < > or control characters."],
    ]);
  },
};

/** Typed in any case, with spaces or dashes between the characters: kept as its 8 capitals and digits. */
export const joinCodeRule: FieldRule = {
  required: "Join code is required.",
  // Documented as any text: what is sent is normalised before the pattern applies.
  documented: {},
  check(text) {
    const value = text.trim().toUpperCase().replace(/[\s-]/g, "");
    return checked(value, [[JOIN_CODE_PATTERN.test(value), "Join code must be 8 letters or digits."]]);
  },
};

export const totpCodeRule: FieldRule = {
  required: "Code is required.",
  documented: { pattern: TOTP_CODE_PATTERN.source },
  check(text) {
    const value = text.trim();
    return checked(value, [[TOTP_CODE_PATTERN.test(value), "Code must be the 6 digits shown by your authenticator app."]]);
  },
};

export const backupCodeRule: FieldRule = {
  required: "Backup code is required.",
  documented: { minLength: 1, maxLength: BACKUP_CODE_MAX },
  check(text) {
    const value = text.trim();
    return checked(value, [
      [value.length >= 1, "Backup code is required."],
      [value.length <= BACKUP_CODE_MAX, `Backup code must be at most ${BACKUP_CODE_MAX} characters.`],
    ]);
  },
};
