import { Group, TextInput } from "@mantine/core";
import { useUrlSearchParams } from "../../../lib/url-search-params.ts";
import { useDateTime } from "../../session/display-time-zone.ts";
import type { Period } from "../admin-api.ts";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** From the first of the month to today: the period the screens start with. */
export function monthToDate(timeZone: string): Period {
  const today = todayIn(timeZone);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/**
 * A screen's period in the URL (?from=&to=), so that a reload, Back and a shared link show the
 * same one; month to date until one is chosen. A day being typed may be empty for a moment: it
 * stays empty in the URL rather than jumping back to the default. Each change replaces the
 * history entry, so that Back leaves the screen rather than stepping through the days typed.
 */
export function usePeriodParams(): [Period, (period: Period) => void] {
  const { timeZone } = useDateTime();
  const [params, setParams] = useUrlSearchParams();
  const fallback = monthToDate(timeZone);
  const day = (key: keyof Period) => {
    const value = params.get(key);
    return value !== null && (value === "" || DAY.test(value)) ? value : fallback[key];
  };
  const setPeriod = (period: Period) =>
    setParams(
      (next) => {
        next.set("from", period.from);
        next.set("to", period.to);
      },
      { replace: true, preventScrollReset: true },
    );
  return [{ from: day("from"), to: day("to") }, setPeriod];
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
