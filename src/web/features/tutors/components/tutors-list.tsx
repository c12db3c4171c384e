import { NoMatches, NothingYet } from "../../../components/ui/list-empty.tsx";
import { Anchor, Badge, Box, Group, Stack, Text, Title } from "@mantine/core";
import { IconSchool } from "@tabler/icons-react";
import { Link } from "react-router";
import { formatHourlyRate } from "../../../lib/format-money.ts";
import { TUTOR_STATUSES, type TutorStatus, type TutorSummary } from "../../../../shared/schemas/tutors.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { SearchAndStatusFilters } from "../../../components/ui/list-filters.tsx";

export const TUTOR_STATUS_LABELS: Record<TutorStatus, string> = { active: "Active", inactive: "Inactive" };
const STATUS_OPTIONS = TUTOR_STATUSES.map((status) => ({ value: status, label: TUTOR_STATUS_LABELS[status] }));

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

/** Search by name or email and filter by status; the search waits for typing to stop (the caller's). */
export function TutorFilters(props: {
  search: string;
  onSearch: (text: string) => void;
  status: TutorStatus | null;
  onStatus: (status: TutorStatus | null) => void;
}) {
  return <SearchAndStatusFilters label="Find tutors" searchLabel="Search" placeholder="Name or email" statuses={STATUS_OPTIONS} {...props} />;
}

export function TutorsEmpty({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return filtered ? (
    <NoMatches title="No tutors match your search." filters="the status filter" onClear={onClear} />
  ) : (
    <NothingYet
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

function tutorColumns(currency: string): DataColumn<TutorSummary>[] {
  return [
    {
      header: "Name",
      rowHeader: true,
      cell: (tutor) => (
        <>
          <Anchor component={Link} to={tutorHref(tutor)} fw={600}>
            {tutor.name}
          </Anchor>
          <Text size="sm" c="dimmed" fw={400}>
            {tutor.email}
          </Text>
        </>
      ),
    },
    { header: "Subjects", maxWidth: 280, cell: (tutor) => tutor.subjects.join(", ") || "—" },
    { header: "Charge rate", nowrap: true, cell: (tutor) => chargeRate(tutor, currency) },
    { header: "Current students", cell: (tutor) => tutor.currentStudentCount },
    { header: "Status", cell: (tutor) => <TutorStatusBadges tutor={tutor} /> },
  ];
}

const chargeRate = (tutor: TutorSummary, currency: string) => (tutor.chargeRateMinor === null ? "Not set" : formatHourlyRate(tutor.chargeRateMinor, currency));

function TutorCard({ tutor, currency }: { tutor: TutorSummary; currency: string }) {
  return (
    <>
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
          {chargeRate(tutor, currency)}
        </Text>
        <Text size="sm">
          <Text span fw={600} size="sm">
            Current students:
          </Text>{" "}
          {tutor.currentStudentCount}
        </Text>
      </Stack>
    </>
  );
}

/** One page of tutors: a table on wide screens, cards on narrow ones. A row opens the tutor. */
export function TutorsList({ tutors, busy, currency }: { tutors: TutorSummary[]; busy: boolean; currency: string }) {
  return (
    <DataTable
      rows={tutors}
      columns={tutorColumns(currency)}
      rowKey={(tutor) => tutor.memberId}
      // For screen readers only: the page header already says it on screen.
      caption="Tutors of your workspace by name. Open a tutor to edit the profile, rates and availability."
      captionHidden
      listLabel="Tutors"
      card={(tutor) => <TutorCard tutor={tutor} currency={currency} />}
      minWidth={860}
      rowHref={tutorHref}
      busy={busy}
      highlightOnHover
    />
  );
}
