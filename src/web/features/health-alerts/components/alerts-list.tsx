import { Group, SegmentedControl, Select, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { ALERT_TOPICS, type AlertTopic } from "../../../../shared/schemas/health-alerts.ts";
import { ListPager } from "../../../components/data/list-pager.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { PAGE_SIZE, useAlerts, type AlertArea, type AlertFilter } from "../api.ts";
import { AlertItem, TOPIC_LABELS } from "./alert-item.tsx";

const STATES = [
  { value: "live", label: "Open" },
  { value: "closed", label: "Closed" },
  { value: "all", label: "All" },
];
const EMPTY: Record<AlertFilter["state"], string> = {
  live: "No open alert: nothing needs attention.",
  closed: "No closed alert yet.",
  all: "No alert yet.",
};

/** A reader's alerts, open ones first by default, with the state and topic filters and pages. */
export function AlertsList({ area, studentId, topics = ALERT_TOPICS }: { area: AlertArea; studentId?: string; topics?: readonly AlertTopic[] }) {
  const [filter, setFilter] = useState<AlertFilter>({ state: "live", page: 1, ...(studentId ? { studentId } : {}) });
  const alerts = useAlerts(area, filter);
  return (
    <Stack gap="md">
      <Group gap="md" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="Which alerts"
          data={STATES}
          value={filter.state}
          onChange={(value) => setFilter((current) => ({ ...current, state: value as AlertFilter["state"], page: 1 }))}
        />
        {topics.length > 1 ? (
          <Select
            label="Topic"
            placeholder="Every topic"
            clearable
            w={180}
            data={topics.map((topic) => ({ value: topic, label: TOPIC_LABELS[topic] }))}
            value={filter.topic ?? null}
            onChange={(value) => setFilter(({ topic: _topic, ...current }) => ({ ...current, page: 1, ...(value ? { topic: value as AlertTopic } : {}) }))}
          />
        ) : null}
      </Group>
      <QueryState query={alerts} label="the alerts">
        {(data) =>
          data.items.length === 0 ? (
            <Text size="sm">{EMPTY[filter.state]}</Text>
          ) : (
            <Stack gap="sm">
              {data.items.map((alert) => (
                <AlertItem key={alert.id} alert={alert} area={area} showStudent={!studentId} />
              ))}
              <ListPager
                page={filter.page}
                pageSize={PAGE_SIZE}
                total={data.total}
                totalIsAtLeast={data.totalIsAtLeast}
                noun={["alert", "alerts"]}
                onPage={(page) => setFilter((current) => ({ ...current, page }))}
              />
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}
