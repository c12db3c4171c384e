import { Group, TextInput } from "@mantine/core";
import type { Period } from "../admin-api.ts";

/** Today (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** From the first of the month to today: the period the screens start with. */
export function monthToDate(timeZone: string): Period {
  const today = todayIn(timeZone);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** The first and last day of a period, both included. */
export function PeriodFields({ value, onChange, legend }: { value: Period; onChange: (period: Period) => void; legend: string }) {
  const wrong = value.from && value.to && value.from > value.to ? "The last day must not be before the first." : null;
  return (
    <Group gap="md" align="flex-start" role="group" aria-label={legend}>
      <TextInput
        type="date"
        label="From"
        value={value.from}
        onChange={(event) => onChange({ ...value, from: event.currentTarget.value })}
        w={{ base: "100%", xs: 180 }}
      />
      <TextInput
        type="date"
        label="To"
        value={value.to}
        error={wrong}
        onChange={(event) => onChange({ ...value, to: event.currentTarget.value })}
        w={{ base: "100%", xs: 180 }}
      />
    </Group>
  );
}
