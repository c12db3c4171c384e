import type { MembershipStatus } from "../../../shared/roles.ts";

export const STATUS_LABELS: Record<MembershipStatus, string> = { pending: "Pending approval", active: "Active", suspended: "Suspended" };

/** Colours without a shade: the theme keeps an outline badge's text at AA in both colour schemes. */
export const STATUS_COLORS: Record<MembershipStatus, string> = { pending: "gray", active: "teal", suspended: "red" };

/** "a tutor", "an admin". */
export const withArticle = (word: string) => `${/^[aeiou]/i.test(word) ? "an" : "a"} ${word}`;
