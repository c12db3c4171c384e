import { Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { Area } from "../../../../shared/roles.ts";
import type { StudentDetail } from "../../../../shared/schemas/students.ts";
import { StudentStatusBadge } from "./student-status-badge.tsx";

/**
 * A student record's heading in every area: the name and status, what the student goes by,
 * grade and school; admins also see the student's login. `children` follow (the admin's status
 * actions).
 */
export function StudentRecordHeader({
  student,
  area,
  description,
  children,
}: {
  student: StudentDetail;
  area: Area;
  description?: string;
  children?: ReactNode;
}) {
  const facts = [student.preferredName ? `Goes by ${student.preferredName}` : null, student.grade, student.school].filter(Boolean).join(" · ");
  return (
    <Stack gap="xs">
      <Group gap="sm" align="center">
        <Title order={1} size="h2" style={{ overflowWrap: "anywhere" }}>
          {student.name}
        </Title>
        <StudentStatusBadge status={student.status} erased={student.erasedAt !== null} />
      </Group>
      {facts ? <Text c="dimmed">{facts}</Text> : null}
      {description ? <Text c="dimmed">{description}</Text> : null}
      {area === "admin" && student.login ? (
        <Text size="sm" c="dimmed">
          Has a login: {student.login.email}
        </Text>
      ) : null}
      {children}
    </Stack>
  );
}
