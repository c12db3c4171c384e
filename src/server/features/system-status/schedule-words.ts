/**
 * A job's schedule as people read it: the cron patterns the registry uses in words, anything
 * else as its expression. Cron is evaluated in UTC (jobs/define.ts).
 */
import type { JobDefinition } from "../../jobs/define.ts";

const NUMBER = /^\d{1,2}$/;
const two = (value: string) => value.padStart(2, "0");

export function cronInWords(cron: string): string {
  const [minute = "", hour = "", day, month, weekday, ...rest] = cron.trim().split(/\s+/);
  const everyDay = day === "*" && month === "*" && weekday === "*" && rest.length === 0;
  if (everyDay) {
    if (minute === "*" && hour === "*") return "Every minute";
    const every = /^\*\/(\d{1,2})$/.exec(minute);
    if (every && hour === "*") return `Every ${every[1]} minutes`;
    if (NUMBER.test(minute) && hour === "*") return `Hourly at :${two(minute)}`;
    if (NUMBER.test(minute) && NUMBER.test(hour)) return `Daily at ${two(hour)}:${two(minute)} UTC`;
  }
  return `Cron ${cron} (UTC)`;
}

export const scheduleOf = (job: JobDefinition): string => (job.kind === "scheduled" ? cronInWords(job.cron) : "When queued");
