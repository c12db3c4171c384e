import type { MembershipStatus } from "../../../shared/roles.ts";

export const STATUS_LABELS: Record<MembershipStatus, string> = { pending: "Pending approval", active: "Active", suspended: "Suspended" };

/** Dark shades: outline badges keep WCAG AA contrast on white. */
export const STATUS_COLORS: Record<MembershipStatus, string> = { pending: "gray.7", active: "teal.9", suspended: "red.9" };

/** "a tutor", "an admin". */
export const withArticle = (word: string) => `${/^[aeiou]/i.test(word) ? "an" : "a"} ${word}`;
