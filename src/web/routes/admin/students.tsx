import { Box, Button, Group, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconPlus } from "@tabler/icons-react";
import { STUDENT_STATUSES } from "../../../shared/student-states.ts";
import { ListPager } from "../../components/data/list-pager.tsx";
import { useListParams } from "../../components/data/use-list-params.ts";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { STUDENTS_PAGE_SIZE, useStudents } from "../../features/students/api.ts";
import { StudentCreateModal } from "../../features/students/components/student-create-modal.tsx";
import { StudentFilters, StudentsEmpty, StudentsList } from "../../features/students/components/students-list.tsx";
import { metaFor } from "../../lib/meta.ts";

const FILTERS = { status: STUDENT_STATUSES };

export const meta = () => metaFor("/admin/students");

/** The workspace's students: search, filter by status, page through, add one, open a record. */
export default function Students() {
  const list = useListParams(FILTERS);
  const students = useStudents(list.params);
  const [adding, add] = useDisclosure(false);

  return (
    <>
      <Group justify="space-between" align="flex-start" gap="md">
        <PageHeader title="Students" description="Every student record of your workspace, with their guardians and tutors." />
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={add.open}>
          Add student
        </Button>
      </Group>
      {/* Bottom room so that the floating Switch Role button never covers the last row. */}
      <Stack gap="md" pb={64}>
        <StudentFilters search={list.search} onSearch={list.setSearch} status={list.params.status} onStatus={(status) => list.setFilter("status", status)} />
        <QueryState query={students} label="students">
          {(page) =>
            page.total === 0 ? (
              <StudentsEmpty filtered={list.filtered} onClear={list.clear} onAdd={add.open} />
            ) : page.items.length === 0 ? (
              <Group gap="sm">
                <Text size="sm">There is no page {list.params.page} any more.</Text>
                <Button variant="default" size="compact-sm" onClick={() => list.setPage(1)}>
                  Go to the first page
                </Button>
              </Group>
            ) : (
              <Box>
                <StudentsList students={page.items} busy={students.isPlaceholderData} />
                <ListPager
                  page={page.page}
                  pageSize={page.pageSize || STUDENTS_PAGE_SIZE}
                  total={page.total}
                  noun={["student", "students"]}
                  onPage={list.setPage}
                />
              </Box>
            )
          }
        </QueryState>
      </Stack>
      <StudentCreateModal opened={adding} onClose={add.close} />
    </>
  );
}
