/** How the status screens write what the API measures. */

/** A job's duration: "85 ms", "4.2 s", "3 min 5 s", "2 h 4 min". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** A commit as people compare them: its first 12 characters. */
export const shortCommit = (commit: string) => commit.slice(0, 12);

/** "1 mail", "3 mails". */
export const count = (value: number, noun: string, plural = `${noun}s`) => `${value} ${value === 1 ? noun : plural}`;
