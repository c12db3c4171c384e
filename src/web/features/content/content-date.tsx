/** A content date (YYYY-MM-DD) in words, the same at build time and in any browser. */
export function ContentDate({ date }: { date: string }) {
  const words = new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });
  return <time dateTime={date}>{words}</time>;
}
