import { Anchor, Badge, Box, Button, EmptyState, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconSchool, IconSearch } from "@tabler/icons-react";
import type { MouseEvent } from "react";
import { Link, useNavigate } from "react-router";
import { formatMoney } from "../../../../shared/money.ts";
import { TUTOR_STATUSES, type TutorStatus, type TutorSummary } from "../../../../shared/schemas/tutors.ts";

/** A table caption for screen readers only: the page header already says it on screen. */
const VISUALLY_HIDDEN = { position: "absolute", width: 1, height: 1, padding: 0, margin: -1, overflow: "hidden", clip: "rect(0, 0, 0, 0)", whiteSpace: "nowrap", border: 0 } as const;

export const TUTOR_STATUS_LABELS: Record<TutorStatus, string> = { active: "Active", inactive: "Inactive" };
const STATUS_OPTIONS = [{ value: "any", label: "Any status" }, ...TUTOR_STATUSES.map((status) => ({ value: status, label: TUTOR_STATUS_LABELS[status] }))];

const tutorHref = (tutor: Pick<TutorSummary, "memberId">) => `/admin/tutors/${encodeURIComponent(tutor.memberId)}`;

export function TutorStatusBadges({ tutor }: { tutor: Pick<TutorSummary, "status" | "membershipStatus"> }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={tutor.status === "active" ? "teal" : "gray"} variant="light">
        {TUTOR_STATUS_LABELS[tutor.status]}
      </Badge>
      {tutor.membershipStatus === "suspended" ? (
        <Badge color="orange" variant="light">
          Suspended
        </Badge>
      ) : null}
    </Group>
  );
}

export function TutorFilters({
  search,
  onSearch,
  status,
  onStatus,
}: {
  search: string;
  onSearch: (text: string) => void;
  status: TutorStatus | null;
  onStatus: (status: TutorStatus | null) => void;
}) {
  return (
    <Group gap="md" align="flex-end" role="search" aria-label="Find tutors">
      <TextInput
        label="Search"
        type="search"
        placeholder="Name or email"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        maxLength={100}
        style={{ flex: "1 1 16rem" }}
      />
      <Select
        label="Status"
        data={STATUS_OPTIONS}
        value={status ?? "any"}
        onChange={(value) => onStatus(value && value !== "any" ? (value as TutorStatus) : null)}
        allowDeselect={false}
        w={{ base: "100%", xs: 200 }}
      />
    </Group>
  );
}

export function TutorsEmpty({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return filtered ? (
    <EmptyState py="xl" withIndicatorBackground icon={<IconSearch size={28} aria-hidden="true" />} title="No tutors match your search." description="Check the spelling, or clear the search and the status filter.">
      <Button variant="default" onClick={onClear}>
        Clear search and filters
      </Button>
    </EmptyState>
  ) : (
    <EmptyState
      py="xl"
      withIndicatorBackground
      icon={<IconSchool size={28} aria-hidden="true" />}
      title="No tutors yet."
      description={
        <>
          Tutors are members of your workspace with the tutor role. Invite them from{" "}
          <Anchor component={Link} to="/admin/members" underline="always">
            Members
          </Anchor>{" "}
          or approve them in{" "}
          <Anchor component={Link} to="/admin/approvals" underline="always">
            Approvals
          </Anchor>
          .
        </>
      }
    />
  );
}

/** One page of tutors: a table on wide screens, cards on narrow ones. A row opens the tutor. */
export function TutorsList({ tutors, busy, currency }: { tutors: TutorSummary[]; busy: boolean; currency: string }) {
  const wide = useMediaQuery("(min-width: 62em)", true, { getInitialValueInEffect: false });
  const navigate = useNavigate();
  const rate = (tutor: TutorSummary) => (tutor.chargeRateMinor === null ? "Not set" : `${formatMoney(tutor.chargeRateMinor, currency)} / h`);

  const openRow = (tutor: TutorSummary) => (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest("a, button") || window.getSelection()?.toString()) return;
    void navigate(tutorHref(tutor));
  };

  if (!wide) {
    return (
      <Stack component="ul" gap="sm" aria-label="Tutors" aria-busy={busy} style={{ listStyle: "none", padding: 0, margin: 0, opacity: busy ? 0.6 : 1 }}>
        {tutors.map((tutor) => (
          <Paper component="li" key={tutor.memberId} withBorder p="md" radius="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Box miw={0}>
                <Title order={2} size="h4">
                  <Anchor component={Link} to={tutorHref(tutor)} inherit>
                    {tutor.name}
                  </Anchor>
                </Title>
                <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {tutor.email}
                </Text>
              </Box>
              <TutorStatusBadges tutor={tutor} />
            </Group>
            <Stack gap={2} mt="xs">
              <Text size="sm">
                <Text span fw={600} size="sm">
                  Subjects:
                </Text>{" "}
                {tutor.subjects.join(", ") || "—"}
              </Text>
              <Text size="sm">
                <Text span fw={600} size="sm">
                  Charge rate:
                </Text>{" "}
                {rate(tutor)}
              </Text>
              <Text size="sm">
                <Text span fw={600} size="sm">
                  Current students:
                </Text>{" "}
                {tutor.currentStudentCount}
              </Text>
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover aria-busy={busy} style={{ opacity: busy ? 0.6 : 1 }}>
        <Table.Caption style={VISUALLY_HIDDEN}>Tutors of your workspace by name. Open a tutor to edit the profile, rates and availability.</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Subjects</Table.Th>
            <Table.Th scope="col">Charge rate</Table.Th>
            <Table.Th scope="col">Current students</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tutors.map((tutor) => (
            <Table.Tr key={tutor.memberId} onClick={openRow(tutor)} style={{ cursor: "pointer" }}>
              <Table.Th scope="row">
                <Anchor component={Link} to={tutorHref(tutor)} fw={600}>
                  {tutor.name}
                </Anchor>
                <Text size="sm" c="dimmed" fw={400}>
                  {tutor.email}
                </Text>
              </Table.Th>
              <Table.Td maw={280}>{tutor.subjects.join(", ") || "—"}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{rate(tutor)}</Table.Td>
              <Table.Td>{tutor.currentStudentCount}</Table.Td>
              <Table.Td>
                <TutorStatusBadges tutor={tutor} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
