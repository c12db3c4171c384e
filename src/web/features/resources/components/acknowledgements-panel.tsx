import { Badge, Button, Group, Modal, Pagination, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { IconMailForward } from "@tabler/icons-react";
import { useState } from "react";
import { RESOURCE_AUDIENCE_LABELS, type AcknowledgementPerson, type ResourceDetail } from "../../../../shared/schemas/resources.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";
import { Instant } from "../../../components/ui/instant.tsx";
import { notifySuccess } from "../../../lib/notify.ts";
import { useAcknowledgements, useRemind } from "../api.ts";

const STATES = [
  { value: "all", label: "Everyone" },
  { value: "awaiting", label: "Not yet" },
  { value: "acknowledged", label: "Acknowledged" },
];

function statusOf(person: AcknowledgementPerson) {
  if (person.upToDate)
    return (
      <Badge color="teal" variant="light">
        Acknowledged
      </Badge>
    );
  if (person.acknowledgedVersion !== null)
    return (
      <Badge color="yellow" variant="light">
        Version {person.acknowledgedVersion} only
      </Badge>
    );
  return (
    <Badge color="gray" variant="light">
      Not yet
    </Badge>
  );
}

const COLUMNS: DataColumn<AcknowledgementPerson>[] = [
  { header: "Name", rowHeader: true, cell: (person) => person.name },
  { header: "Role", cell: (person) => RESOURCE_AUDIENCE_LABELS[person.role].replace(/s$/, "") },
  { header: "Status", cell: statusOf },
  { header: "When", nowrap: true, cell: (person) => (person.acknowledgedAt ? <Instant at={person.acknowledgedAt} /> : "—") },
];

/** For an admin: who the resource asks, who has acknowledged the current version, and a reminder for the others. */
export function AcknowledgementsPanel({ resource }: { resource: ResourceDetail }) {
  const [state, setState] = useState("all");
  const [page, setPage] = useState(1);
  const people = useAcknowledgements(resource.id, state, page);
  const counts = people.data?.counts ?? resource.acknowledgements;
  const [confirming, setConfirming] = useState(false);
  const remind = useRemind(resource.id);

  return (
    <Stack gap="sm" component="section" aria-labelledby="acknowledgements-heading">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={3} size="h4" id="acknowledgements-heading">
          Acknowledgements of version {resource.current.version}
        </Title>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconMailForward size={16} aria-hidden="true" />}
          disabled={!counts || counts.awaiting === 0}
          onClick={() => setConfirming(true)}
        >
          Remind the others
        </Button>
      </Group>
      {counts ? (
        <Text size="sm">
          {counts.acknowledged} of {counts.people} {counts.people === 1 ? "person has" : "people have"} acknowledged it; {counts.awaiting} not yet.
        </Text>
      ) : null}
      <SegmentedControl
        aria-label="Show"
        data={STATES}
        value={state}
        onChange={(value) => {
          setState(value);
          setPage(1);
        }}
        size="xs"
        style={{ alignSelf: "flex-start" }}
      />
      <DataTable
        rows={people.data?.items ?? []}
        columns={COLUMNS}
        rowKey={(person) => person.userId}
        listLabel="People it is for"
        aria-label="People it is for"
        minWidth={460}
        stackBelow="48em"
        loading={people.isPending}
        error={people.error}
        onRetry={() => void people.refetch()}
        stateLabel="the acknowledgements"
        busy={people.isPlaceholderData}
        empty={<Text size="sm">{state === "all" ? "Nobody it is for has an account yet." : "Nobody here."}</Text>}
      />
      {people.data && people.data.total > people.data.pageSize ? (
        <Pagination total={Math.ceil(people.data.total / people.data.pageSize)} value={page} onChange={setPage} size="sm" aria-label="Pages of people" />
      ) : null}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Send a reminder?" centered closeButtonProps={{ "aria-label": "Close" }}>
        <Stack gap="md">
          <Text size="sm">
            Everyone who has not acknowledged version {resource.current.version} ({counts?.awaiting ?? 0}) gets one mail listing every document still awaiting
            their acknowledgement.
          </Text>
          <FormError error={remind.error} title="Could not send the reminder" />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              loading={remind.isPending}
              onClick={() =>
                remind.mutate(undefined, {
                  onSuccess: (result) => {
                    setConfirming(false);
                    notifySuccess("Reminder sent", `${result.awaiting} ${result.awaiting === 1 ? "person is" : "people are"} being mailed.`);
                  },
                })
              }
            >
              Send reminder
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
