import { formatDay } from "../../lib/format-time.ts";

/** A content date (YYYY-MM-DD) in words, the same at build time and in any browser. */
export function ContentDate({ date }: { date: string }) {
  return <time dateTime={date}>{formatDay(date, "long")}</time>;
}
