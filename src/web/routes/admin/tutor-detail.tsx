import { Alert, Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { useParams } from "react-router";
import { formatHourlyRate } from "../../lib/format-money.ts";
import type { TutorDetail } from "../../../shared/schemas/tutors.ts";
import { QueryState } from "../../components/ui/query-state.tsx";
import { AssignmentsTable } from "../../features/students/components/assignments-table.tsx";
import { BackLink } from "../../features/students/components/people-ui.tsx";
import { useWorkspaceFormat } from "../../features/students/workspace-format.ts";
import { useTutor } from "../../features/tutors/api.ts";
import { AvailabilitySection } from "../../features/tutors/components/availability-editor.tsx";
import { TutorProfileSection, TutorRatesSection } from "../../features/tutors/components/tutor-profile.tsx";
import { TutorStatusBadges } from "../../features/tutors/components/tutors-list.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { metaFor } from "../../lib/meta.ts";
import { SectionCard } from "../../components/ui/section-card.tsx";

export const meta = ({ location }: { location: { pathname: string } }) => metaFor(location.pathname);

/** A tutor: profile, rates, weekly availability and assigned students. */
export default function TutorDetailScreen() {
  const { memberId = "" } = useParams();
  const tutor = useTutor(memberId);

  return (
    // Bottom room so that the floating Switch Role button never covers the last control.
    <Stack gap="lg" maw={1000} pb={64}>
      <div>
        <BackLink to="/admin/tutors">Tutors</BackLink>
      </div>
      {tutor.isError && tutor.error instanceof ApiError && tutor.error.status === 404 ? (
        <>
          <Title order={1} size="h2">
            Tutor not found
          </Title>
          <Alert color="gray" title="No tutor with this address in your workspace">
            The person may not be a tutor (any more), or the address was mistyped. Find the tutor in the list instead.
          </Alert>
        </>
      ) : (
        <QueryState query={tutor} label="the tutor">
          {(data) => <Tutor tutor={data} />}
        </QueryState>
      )}
    </Stack>
  );
}

function Tutor({ tutor }: { tutor: TutorDetail }) {
  const { currency, today } = useWorkspaceFormat();
  return (
    <>
      <Stack gap={4}>
        <Group gap="sm" align="center">
          <Title order={1} size="h2">
            {tutor.name}
          </Title>
          <TutorStatusBadges tutor={tutor} />
        </Group>
        <Text c="dimmed">
          <Anchor underline="always" href={`mailto:${tutor.email}`} c="dimmed" inherit>
            {tutor.email}
          </Anchor>{" "}
          · {tutor.currentStudentCount === 1 ? "1 current student" : `${tutor.currentStudentCount} current students`}
        </Text>
      </Stack>
      <TutorProfileSection key={`profile-${tutor.memberId}`} tutor={tutor} />
      <TutorRatesSection key={`rates-${tutor.memberId}`} tutor={tutor} currency={currency} />
      <AvailabilitySection key={`availability-${tutor.memberId}`} tutor={tutor} />
      <SectionCard title="Students" description="Assignments are made on each student's record.">
        {tutor.assignments.length === 0 ? (
          <Text size="sm" c="dimmed">
            No student is assigned to {tutor.name} yet. Assign tutors from a student&apos;s record.
          </Text>
        ) : (
          <AssignmentsTable
            assignments={tutor.assignments}
            perspective="tutor"
            today={today}
            currency={currency}
            defaultRateLabel={tutor.chargeRateMinor === null ? "Default (not set)" : `Default (${formatHourlyRate(tutor.chargeRateMinor, currency)})`}
          />
        )}
      </SectionCard>
    </>
  );
}
