import { Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { useState, type ReactNode } from "react";
import { customRangeProblem, daysIn, describeRange, PRESET_LABELS, RANGE_PRESETS, type DayRange, type RangePreset } from "../date-range.ts";
import type { AnalyticsParams } from "../use-analytics-params.ts";

/** Two fields a line on a phone, each its own width from 576 px. */
export const FIELD_WIDTH = { base: "calc(50% - var(--mantine-spacing-sm) / 2)", xs: 200 };

const days = (count: number) => (count === 1 ? "1 day" : `${count} days`);
const PRESET_OPTIONS = RANGE_PRESETS.map((preset) => ({ value: preset, label: PRESET_LABELS[preset] }));

/**
 * The range of the figures: a preset, or Custom with two dates. A custom range is applied as
 * soon as it can be shown; a start after the end, or a range over two years, is named under
 * the field and not applied. The area's filters (children) follow on the same line.
 */
export function RangeControl({ params, children }: { params: AnalyticsParams; children?: ReactNode }) {
  const { chosen } = params;
  const [draft, setDraft] = useState<DayRange>(chosen.range);
  // Back and Forward (or another preset) change the URL's range: the date fields follow it.
  const [seen, setSeen] = useState(chosen.range);
  if (seen.from !== chosen.range.from || seen.to !== chosen.range.to) {
    setSeen(chosen.range);
    setDraft(chosen.range);
  }
  const problem = chosen.preset === "custom" ? customRangeProblem(draft) : null;
  // An empty field says nothing until the other is filled: the person is still typing.
  const shownProblem = problem && (problem.message.startsWith("Enter") ? null : problem);

  const edit = (change: Partial<DayRange>) => {
    const next = { ...draft, ...change };
    setDraft(next);
    if (!customRangeProblem(next)) params.setCustom(next);
  };

  return (
    <Stack gap={6}>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <Select
          label="Date range"
          data={PRESET_OPTIONS}
          value={chosen.preset}
          onChange={(value) => value && params.setPreset(value as RangePreset)}
          allowDeselect={false}
          comboboxProps={{ keepMounted: false }}
          w={FIELD_WIDTH}
        />
        {chosen.preset === "custom" ? (
          <>
            <TextInput
              type="date"
              label="From"
              value={draft.from}
              max={draft.to || undefined}
              onChange={(event) => edit({ from: event.currentTarget.value })}
              error={shownProblem?.field === "from" ? shownProblem.message : undefined}
              w={FIELD_WIDTH}
            />
            <TextInput
              type="date"
              label="To"
              value={draft.to}
              min={draft.from || undefined}
              onChange={(event) => edit({ to: event.currentTarget.value })}
              error={shownProblem?.field === "to" ? shownProblem.message : undefined}
              w={FIELD_WIDTH}
            />
          </>
        ) : null}
        {children}
      </Group>
      {chosen.problem || shownProblem ? null : (
        <Text size="sm" c="dimmed">
          {describeRange(chosen.range)} ({days(daysIn(chosen.range))}), each figure compared with the {days(daysIn(chosen.range))} before.
        </Text>
      )}
    </Stack>
  );
}
