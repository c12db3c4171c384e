/** "in 23 hours", "in 40 minutes", "in less than a minute": how long a download still works. */
export function timeLeft(until: string, now: number): string {
  const minutes = Math.floor((Date.parse(until) - now) / 60_000);
  if (minutes < 1) return "in less than a minute";
  if (minutes < 60) return `in ${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.floor(minutes / 60);
  return `in ${hours} hour${hours === 1 ? "" : "s"}`;
}
