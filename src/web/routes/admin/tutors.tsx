import { Box, Button, Group, Stack, Text } from "@mantine/core";
import { TUTOR_STATUSES } from "../../../shared/schemas/tutors.ts";
import { ListPager } from "../../components/data/list-pager.tsx";
import { useListParams } from "../../components/data/use-list-params.ts";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { useWorkspaceFormat } from "../../features/students/workspace-format.ts";
import { TUTORS_PAGE_SIZE, useTutors } from "../../features/tutors/api.ts";
import { TutorFilters, TutorsEmpty, TutorsList } from "../../features/tutors/components/tutors-list.tsx";
import { metaFor } from "../../lib/meta.ts";

const FILTERS = { status: TUTOR_STATUSES };

export const meta = () => metaFor("/admin/tutors");

/** The workspace's tutors: search, filter by status, page through, open one. */
export default function Tutors() {
  const list = useListParams(FILTERS);
  const tutors = useTutors(list.params);
  const { currency } = useWorkspaceFormat();

  return (
    <>
      <PageHeader title="Tutors" description="The tutors of your workspace: what they teach, their rates and how many students each has." />
      {/* Bottom room so that the floating Switch Role button never covers the last row. */}
      <Stack gap="md" pb={64}>
        <TutorFilters search={list.search} onSearch={list.setSearch} status={list.params.status} onStatus={(status) => list.setFilter("status", status)} />
        <QueryState query={tutors} label="tutors">
          {(page) =>
            page.total === 0 ? (
              <TutorsEmpty filtered={list.filtered} onClear={list.clear} />
            ) : page.items.length === 0 ? (
              <Group gap="sm">
                <Text size="sm">There is no page {list.params.page} any more.</Text>
                <Button variant="default" size="compact-sm" onClick={() => list.setPage(1)}>
                  Go to the first page
                </Button>
              </Group>
            ) : (
              <Box>
                <TutorsList tutors={page.items} busy={tutors.isPlaceholderData} currency={currency} />
                <ListPager page={page.page} pageSize={page.pageSize || TUTORS_PAGE_SIZE} total={page.total} noun={["tutor", "tutors"]} onPage={list.setPage} />
              </Box>
            )
          }
        </QueryState>
      </Stack>
    </>
  );
}
