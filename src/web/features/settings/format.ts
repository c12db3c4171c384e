/** Date and time in the viewer's own locale and time zone, e.g. "3 May 2026, 14:05". */
export function formatDateTime(value: Date | string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(new Date(value));
}
