import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import type { Area } from "../../../../shared/roles.ts";
import type { StudentSummary } from "../../../../shared/schemas/students.ts";
import { displayName } from "../format.ts";
import { StudentStatusBadge } from "./student-status-badge.tsx";

/**
 * One card per student of a tutor or a parent: name (a link to the record in the area), status,
 * grade and school, subjects, and the people around them (a tutor sees the guardians, a parent
 * the tutors).
 */
export function StudentCards({
  students,
  area,
  headingOrder = 2,
}: {
  students: StudentSummary[];
  area: Extract<Area, "tutor" | "parent">;
  /** The level of each card's heading: 2 on a page of its own, 3 inside a titled section. */
  headingOrder?: 2 | 3;
}) {
  const peopleLabel = area === "tutor" ? "guardians" : "tutors";
  const hrefOf = (student: StudentSummary) => `/${area}/students/${encodeURIComponent(student.id)}`;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label="Students">
      {students.map((student) => {
        const people = peopleLabel === "tutors" ? student.tutors : student.guardians;
        const details = [student.grade, student.school].filter(Boolean).join(" · ");
        return (
          <Card component="li" key={student.id} withBorder padding="lg" radius="md">
            <Stack gap="xs">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Title order={headingOrder} size="h4" style={{ minWidth: 0, overflowWrap: "anywhere" }}>
                  <Anchor component={Link} to={hrefOf(student)} inherit>
                    {displayName(student)}
                  </Anchor>
                </Title>
                <StudentStatusBadge status={student.status} erased={student.erased} />
              </Group>
              {details ? <Text size="sm">{details}</Text> : null}
              <Text size="sm">
                <Text span size="sm" fw={600}>
                  Subjects:
                </Text>{" "}
                {student.subjects.length ? student.subjects.join(", ") : "none recorded yet"}
              </Text>
              <Text size="sm">
                <Text span size="sm" fw={600}>
                  {peopleLabel === "tutors" ? "Tutors:" : "Guardians:"}
                </Text>{" "}
                {people.length ? people.map((person) => person.name).join(", ") : peopleLabel === "tutors" ? "none assigned yet" : "none linked"}
              </Text>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
