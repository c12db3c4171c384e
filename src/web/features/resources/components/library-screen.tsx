import { Alert, Anchor, Box, Button, Group, List, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { IconBooks, IconPlus } from "@tabler/icons-react";
import type { Area } from "../../../../shared/roles.ts";
import type { ResourceList } from "../../../../shared/schemas/resources.ts";
import { ListPager } from "../../../components/data/list-pager.tsx";
import { useListParams } from "../../../components/data/use-list-params.ts";
import { SearchAndStatusFilters } from "../../../components/ui/list-filters.tsx";
import { NoMatches, NothingYet } from "../../../components/ui/list-empty.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { useUrlSearchParams } from "../../../lib/url-search-params.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { RESOURCES_PAGE_SIZE, useResources } from "../api.ts";
import { ResourceDetailModal } from "./resource-detail.tsx";
import { ResourceFormModal } from "./resource-form.tsx";
import { ResourceCard } from "./resource-list.tsx";

const FILTERS = { category: (value: string) => value.length > 0 && value.length <= 60 };

const COPY: Record<Area, { title: string; description: string; empty: string }> = {
  admin: {
    title: "Resources",
    description: "Your library: handbooks, policies, guides and materials for tutors, parents and students. Ask them to acknowledge a policy and see who has.",
    empty: "Add a tutor handbook, a parent guide or your cancellation policy: the people it is for find it in their resources.",
  },
  tutor: {
    title: "Resources and handbooks",
    description: "Handbooks and policies of your tutoring business, and materials you share with your students and their families.",
    empty: "Your tutoring business has not shared a resource with tutors yet. Add your own to share it with your students.",
  },
  parent: {
    title: "Resources",
    description: "Guides, policies and materials from your tutoring business and your children's tutors.",
    empty: "Nothing has been shared with you yet. Guides and policies appear here when your tutoring business or a tutor shares them.",
  },
  student: {
    title: "Resources",
    description: "Guides and materials your tutors share with you.",
    empty: "Nothing has been shared with you yet. Worksheets and guides your tutors share appear here.",
  },
};

/** The library of an area: what awaits acknowledgement, search and categories, the resources, and one opened (its id in the URL). */
export function LibraryScreen({ area }: { area: Area }) {
  const list = useListParams(FILTERS);
  const resources = useResources(area, list.params);
  // A link may name the resource to open (?resource=, as an invoice's policy does); from then on
  // the opened resource is this screen's own state, so a search typed meanwhile never closes it.
  const [urlParams, setUrlParams] = useUrlSearchParams();
  const [openId, setOpenId] = useState(() => urlParams.get("resource"));
  const open = (id: string | null) => {
    setOpenId(id);
    if (id === null && urlParams.has("resource")) setUrlParams((next) => next.delete("resource"), { replace: true, preventScrollReset: true });
  };
  const [adding, add] = useDisclosure(false);
  const manages = area === "admin" || area === "tutor";
  const copy = COPY[area];
  const categories = resources.data?.categories.map((category) => category.name) ?? [];
  const maxBytes = resources.data?.maxUploadBytes ?? 0;

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="sm">
        <Box style={{ flex: "1 1 320px" }}>
          <PageHeader title={copy.title} description={copy.description} />
        </Box>
        {manages ? (
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={add.open} disabled={!resources.data}>
            Add resource
          </Button>
        ) : null}
      </Group>
      {/* Bottom room so that the floating Switch Role button never covers the last resource. */}
      <Stack gap="md" pb={64}>
        {resources.data && resources.data.awaiting.length > 0 ? <Awaiting list={resources.data} onOpen={open} /> : null}
        <SearchAndStatusFilters
          label="Find resources"
          searchLabel="Search"
          placeholder="Title, description, tags or the text of a file"
          search={list.search}
          onSearch={list.setSearch}
          status={list.params.category}
          onStatus={(category) => list.setFilter("category", category)}
          statuses={categories.map((name) => ({ value: name, label: name }))}
          selectLabel="Category"
          anyLabel="Every category"
        />
        <QueryState query={resources} label="the resources">
          {(page) =>
            page.total === 0 ? (
              list.filtered ? (
                <NoMatches title="No resource matches your search." filters="the category" onClear={list.clear} />
              ) : (
                <NothingYet icon={<IconBooks size={28} aria-hidden="true" />} title="No resources yet." description={copy.empty}>
                  {manages ? <Button onClick={add.open}>Add resource</Button> : null}
                </NothingYet>
              )
            ) : page.items.length === 0 ? (
              <Group gap="sm">
                <Text size="sm">There is no page {list.params.page} any more.</Text>
                <Button variant="default" size="compact-sm" onClick={() => list.setPage(1)}>
                  Go to the first page
                </Button>
              </Group>
            ) : (
              <Box>
                <Stack
                  component="ul"
                  gap="sm"
                  p={0}
                  m={0}
                  aria-label={copy.title}
                  aria-busy={resources.isPlaceholderData}
                  style={{ listStyle: "none", opacity: resources.isPlaceholderData ? 0.6 : 1 }}
                >
                  {page.items.map((resource) => (
                    <ResourceCard key={resource.id} area={area} resource={resource} onOpen={open} />
                  ))}
                </Stack>
                <ListPager
                  page={page.page}
                  pageSize={page.pageSize || RESOURCES_PAGE_SIZE}
                  total={page.total}
                  noun={["resource", "resources"]}
                  onPage={list.setPage}
                />
              </Box>
            )
          }
        </QueryState>
      </Stack>
      <ResourceDetailModal area={area} resourceId={openId} onClose={() => open(null)} categories={categories} maxBytes={maxBytes} />
      {manages ? (
        <ResourceFormModal
          opened={adding}
          onClose={add.close}
          area={area}
          categories={categories}
          maxBytes={maxBytes}
          onSaved={(resource) => {
            add.close();
            notifySuccess("Resource added", `“${resource.title}” is in the library.`);
          }}
        />
      ) : null}
    </>
  );
}

/** What awaits the viewer's acknowledgement, whatever the search: each opens to read and acknowledge. */
function Awaiting({ list, onOpen }: { list: ResourceList; onOpen: (id: string) => void }) {
  return (
    <Alert
      color="yellow"
      title={list.awaiting.length === 1 ? "One document to read and acknowledge" : `${list.awaiting.length} documents to read and acknowledge`}
    >
      <List size="sm" spacing={4}>
        {list.awaiting.map((resource) => (
          <List.Item key={resource.id}>
            {/* The text's own colour, underlined: the link colour is too faint on the alert's yellow. */}
            <Anchor component="button" type="button" size="sm" c="inherit" underline="always" fw={600} onClick={() => onOpen(resource.id)}>
              {resource.title}
            </Anchor>
            {resource.acknowledged ? ` (version ${resource.current.version}; you acknowledged version ${resource.acknowledged.version})` : null}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
