import { Anchor, Badge, Group, Pagination, Text } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { STUDENT_STATUS_LABELS, type StudentStatus } from "../../../../shared/schemas/students.ts";
import { STUDENT_STATUS_COLORS } from "../format.ts";

/**
 * Small pieces shared by the students and tutors screens: a record page's sections, the way
 * back to the list, status badges and the page controls of a server-paginated list.
 */

/** "← Students": the way back from a record to its list. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm" fw={500} mb="xs" style={{ display: "inline-flex", alignItems: "center", gap: 4 }}>
      <IconArrowLeft size={16} aria-hidden="true" />
      {children}
    </Anchor>
  );
}

export function StudentStatusBadge({ status, erased = false }: { status: StudentStatus; erased?: boolean }) {
  if (erased) {
    return (
      <Badge color="red" variant="light">
        Erased
      </Badge>
    );
  }
  return (
    <Badge color={STUDENT_STATUS_COLORS[status]} variant="light">
      {STUDENT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** "Showing 26–50 of 132 students" and the page buttons (hidden when one page holds everything). */
export function ListPager({
  page,
  pageSize,
  total,
  noun,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  noun: [one: string, many: string];
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" gap="sm" mt="md">
      <Text size="sm" c="dimmed" role="status">
        {total === 0 ? `No ${noun[1]}` : `Showing ${first}–${last} of ${total} ${total === 1 ? noun[0] : noun[1]}`}
      </Text>
      {pages > 1 ? (
        <nav aria-label={`Pages of ${noun[1]}`}>
          <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPage}
          size="sm"
          siblings={1}
          getItemProps={(item) => ({ "aria-label": `Page ${item}`, ...(item === page ? { "aria-current": "page" } : {}) })}
          getControlProps={(control) => ({ "aria-label": { first: "First page", previous: "Previous page", next: "Next page", last: "Last page" }[control] })}
          />
        </nav>
      ) : null}
    </Group>
  );
}
