/**
 * What an invitation link's token looks like, apart from the zod field in members.ts that
 * uses it: the public invitation page checks the link with it before its first render without
 * loading zod (the page-weight budgets of tests/budgets).
 */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;
