import { Button, Checkbox, Group, Stack, Switch, Text } from "@mantine/core";
import { useState } from "react";
import { ALERT_TOPICS, type AlertTopic, type NotificationPreferences } from "../../../../shared/schemas/health-alerts.ts";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { useNotificationPreferences, useSaveNotificationPreferences, type AlertArea } from "../api.ts";
import { TOPIC_LABELS } from "./alert-item.tsx";

const TOPIC_NOTES: Record<AlertTopic, string> = {
  learning: "attendance, engagement, understanding, homework",
  billing: "hours running low, invoices overdue",
  reports: "session reports not filed two days after",
};

/** Settings: the daily alert digest by mail, on or off, and its topics. The in-app alert list always shows everything. */
export function NotificationSettings({ area }: { area: AlertArea }) {
  const preferences = useNotificationPreferences(area);
  return (
    <SectionCard
      title="Notifications"
      description="At most one alert mail a day, in the morning, listing the alerts opened since the last one. Every alert is always in your alert list."
    >
      <QueryState query={preferences} label="your notification preferences">
        {(saved) => <PreferencesForm key={JSON.stringify(saved)} area={area} saved={saved} />}
      </QueryState>
    </SectionCard>
  );
}

function PreferencesForm({ area, saved }: { area: AlertArea; saved: NotificationPreferences }) {
  const [values, setValues] = useState(saved);
  const save = useSaveNotificationPreferences(area);
  // Families' billing news comes in the family billing mail; their alert digest leaves it out.
  const topics =
    area === "parent"
      ? ALERT_TOPICS.filter((topic) => topic === "learning")
      : area === "tutor"
        ? ALERT_TOPICS.filter((topic) => topic !== "billing")
        : ALERT_TOPICS;
  const changed = JSON.stringify(values) !== JSON.stringify(saved);
  const submit = () =>
    save.mutate(values, {
      onSuccess: (next) => notifySuccess("Notifications saved", next.alertDigest ? "The daily alert digest is on." : "The daily alert digest is off."),
      onError: (error) => notifyError("Could not save the notifications", error.message),
    });
  return (
    <Stack gap="sm">
      <Switch
        label="Daily alert digest by mail"
        checked={values.alertDigest}
        onChange={(event) => setValues({ ...values, alertDigest: event.currentTarget.checked })}
      />
      <Checkbox.Group
        label="Topics in the digest"
        value={values.topics}
        onChange={(next) => setValues({ ...values, topics: ALERT_TOPICS.filter((topic) => next.includes(topic)) })}
      >
        <Stack gap={6} mt={6}>
          {topics.map((topic) => (
            <Checkbox key={topic} value={topic} disabled={!values.alertDigest} label={`${TOPIC_LABELS[topic]}: ${TOPIC_NOTES[topic]}`} />
          ))}
        </Stack>
      </Checkbox.Group>
      {area === "parent" ? <Text size="xs">Billing news (hours running low, invoices) comes in your billing mail from the tutoring business.</Text> : null}
      <Group>
        <Button onClick={submit} disabled={!changed} loading={save.isPending}>
          Save notifications
        </Button>
      </Group>
    </Stack>
  );
}
