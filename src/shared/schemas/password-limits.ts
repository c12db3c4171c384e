/**
 * The password's length limits, apart from the zod rules in fields.ts that use them: the
 * pages that show them in the password hint (sign-up, reset, invitation) load zod after their
 * first render (the page-weight budgets of tests/budgets).
 */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
