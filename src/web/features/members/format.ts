import type { MembershipStatus } from "../../../shared/roles.ts";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** "12 Mar 2026" in the viewer's locale. */
export const formatDate = (value: string) => dateFormat.format(new Date(value));

export const STATUS_LABELS: Record<MembershipStatus, string> = { pending: "Pending approval", active: "Active", suspended: "Suspended" };

/** Dark shades: outline badges keep WCAG AA contrast on white. */
export const STATUS_COLORS: Record<MembershipStatus, string> = { pending: "gray.7", active: "teal.9", suspended: "red.9" };

/** "a tutor", "an admin". */
export const withArticle = (word: string) => `${/^[aeiou]/i.test(word) ? "an" : "a"} ${word}`;
