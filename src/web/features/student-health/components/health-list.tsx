import { NoMatches, NothingYet } from "../../../components/ui/list-empty.tsx";
import { Anchor, Box, Button, Group, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconHeartbeat, IconSearch } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { HEALTH_RULE_LABELS } from "../../../../shared/health-rules-text.ts";
import {
  HEALTH_BANDS,
  HEALTH_RULE_KEYS,
  type HealthBand,
  type HealthListItem,
  type HealthListSort,
  type HealthRuleKey,
  type SortDirection,
} from "../../../../shared/schemas/student-health.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { ListPager } from "../../../components/data/list-pager.tsx";
import { useListParams } from "../../../components/data/use-list-params.ts";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { useTutorOptions } from "../../tutors/api.ts";
import { HEALTH_LIST_PAGE_SIZE, useHealthList } from "../api.ts";
import { BAND_LABELS } from "../bands.ts";
import { HealthBandBadge } from "./health-band-badge.tsx";
import { HealthTrend } from "./health-trend.tsx";

/** The orders the list offers, as one choice each (a phone's stacked rows have no headers to click). */
const SORT_OPTIONS = [
  { value: "score-desc", label: "Highest risk first", sort: "score", direction: "desc" },
  { value: "score-asc", label: "Lowest risk first", sort: "score", direction: "asc" },
  { value: "change-desc", label: "Largest rise in a week", sort: "change", direction: "desc" },
  { value: "change-asc", label: "Largest fall in a week", sort: "change", direction: "asc" },
  { value: "name-asc", label: "Name, A to Z", sort: "name", direction: "asc" },
  { value: "name-desc", label: "Name, Z to A", sort: "name", direction: "desc" },
] as const satisfies readonly { value: string; label: string; sort: HealthListSort; direction: SortDirection }[];
type SortValue = (typeof SORT_OPTIONS)[number]["value"];
const DEFAULT_SORT: SortValue = "score-desc";

/** A tutor's member id, as the URL may hold it (the server checks it too). */
const isMemberId = (value: string) => /^[A-Za-z0-9_-]{1,64}$/.test(value);

const FILTERS = {
  band: HEALTH_BANDS,
  rule: HEALTH_RULE_KEYS,
  tutor: isMemberId,
  sort: SORT_OPTIONS.map((option) => option.value),
};

const ANY = "any";
const BAND_OPTIONS = [{ value: ANY, label: "Any band" }, ...HEALTH_BANDS.map((band) => ({ value: band, label: BAND_LABELS[band] }))];
const RULE_OPTIONS = [{ value: ANY, label: "Any rule" }, ...HEALTH_RULE_KEYS.map((rule) => ({ value: rule, label: HEALTH_RULE_LABELS[rule] }))];

const studentHref = (item: Pick<HealthListItem, "studentId">) => `/admin/students/${encodeURIComponent(item.studentId)}`;
const names = (people: readonly { name: string }[]) => (people.length ? people.map((person) => person.name).join(", ") : "—");
const reasonOf = (item: HealthListItem) => item.topReason ?? (item.band === null ? "—" : "No rule fires");

const COLUMNS: DataColumn<HealthListItem>[] = [
  {
    header: "Student",
    rowHeader: true,
    minWidth: 160,
    cell: (item) => (
      <Anchor component={Link} to={studentHref(item)} fw={600}>
        {item.name}
      </Anchor>
    ),
  },
  { header: "Band", nowrap: true, cell: (item) => <HealthBandBadge band={item.band} /> },
  { header: "Score", align: "right", nowrap: true, cell: (item) => item.score ?? "—" },
  { header: "Top reason", maxWidth: 340, cell: reasonOf },
  { header: "Change in a week", nowrap: true, cell: (item) => <HealthTrend trend={item.trend} /> },
  { header: "Tutors", maxWidth: 200, cell: (item) => names(item.tutors) },
];

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" style={{ overflowWrap: "anywhere" }}>
      <Text span fw={600} size="sm">
        {label}:
      </Text>{" "}
      {children}
    </Text>
  );
}

/** A student on a phone: name and band, then score and trend, the top reason and the tutors. */
function HealthRowCard({ item }: { item: HealthListItem }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Title order={2} size="h4" style={{ minWidth: 0, overflowWrap: "anywhere" }}>
          <Anchor component={Link} to={studentHref(item)} inherit>
            {item.name}
          </Anchor>
        </Title>
        <HealthBandBadge band={item.band} />
      </Group>
      <Group gap="md" style={{ rowGap: 4 }}>
        <Detail label="Score">{item.score ?? "—"}</Detail>
        <Detail label="Change in a week">
          <HealthTrend trend={item.trend} />
        </Detail>
      </Group>
      <Detail label="Top reason">{reasonOf(item)}</Detail>
      <Detail label="Tutors">{names(item.tutors)}</Detail>
    </Stack>
  );
}

/** Search, band, tutor, rule and order: each kept in the URL, a change starting again at page 1. */
function HealthListControls({ list }: { list: ReturnType<typeof useListParams<typeof FILTERS>> }) {
  const tutors = useTutorOptions("", true);
  const tutorOptions = (tutors.data?.items ?? []).map((tutor) => ({ value: tutor.memberId, label: tutor.name }));
  const { tutor } = list.params;
  // A tutor in the URL beyond the first 50 listed stays chosen (the server filters by the id).
  if (tutor && !tutorOptions.some((option) => option.value === tutor)) tutorOptions.unshift({ value: tutor, label: "The tutor chosen" });
  /** The first option ("Any band", "All tutors") is no filter: a real option, which the keyboard reaches, rather than a clear button. */
  const chosen = <T extends string>(value: string | null) => (value && value !== ANY ? (value as T) : null);
  const width = { base: "100%", xs: 200 };
  return (
    <Group gap="md" align="flex-end" role="search" aria-label="Find students">
      <TextInput
        label="Search by name"
        type="search"
        placeholder="Name or preferred name"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={list.search}
        onChange={(event) => list.setSearch(event.currentTarget.value)}
        maxLength={100}
        style={{ flex: "1 1 14rem" }}
      />
      <Select
        label="Band"
        data={BAND_OPTIONS}
        value={list.params.band ?? ANY}
        onChange={(value) => list.setFilter("band", chosen<HealthBand>(value))}
        allowDeselect={false}
        w={width}
      />
      <Select
        label="Tutor"
        data={[{ value: ANY, label: "All tutors" }, ...tutorOptions]}
        value={tutor ?? ANY}
        onChange={(value) => list.setFilter("tutor", chosen(value))}
        allowDeselect={false}
        searchable
        nothingFoundMessage={tutors.isError ? "Could not load the tutors" : "No tutor found"}
        comboboxProps={{ keepMounted: false }}
        w={width}
      />
      <Select
        label="Rule that fires"
        data={RULE_OPTIONS}
        value={list.params.rule ?? ANY}
        onChange={(value) => list.setFilter("rule", chosen<HealthRuleKey>(value))}
        allowDeselect={false}
        w={width}
      />
      <Select
        label="Order"
        data={SORT_OPTIONS.map(({ value, label }) => ({ value, label }))}
        value={list.params.sort ?? DEFAULT_SORT}
        onChange={(value) => list.setFilter("sort", value && value !== DEFAULT_SORT ? (value as SortValue) : null)}
        allowDeselect={false}
        w={width}
      />
    </Group>
  );
}

function HealthListEmpty({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return filtered ? (
    <NoMatches title="No students match." filters="the filters" onClear={onClear} />
  ) : (
    <NothingYet
      icon={<IconHeartbeat size={28} aria-hidden="true" />}
      title="No active students yet."
      description="Each active student's health card shows here, highest risk first, once you add students."
    />
  );
}

/** The workspace's active students by their health cards: filters, the page, and the pager. */
export function HealthList() {
  const list = useListParams(FILTERS);
  const { q, band, rule, tutor, sort, page } = list.params;
  const order = SORT_OPTIONS.find((option) => option.value === (sort ?? DEFAULT_SORT))!;
  const students = useHealthList("admin", {
    q,
    band,
    rule,
    tutorId: tutor,
    sort: order.sort,
    direction: order.direction,
    page,
    pageSize: HEALTH_LIST_PAGE_SIZE,
  });
  // The order is not a filter: an empty list under it is an empty workspace.
  const filtered = Boolean(q || band || rule || tutor);

  return (
    // Bottom room so that the floating Switch Role button never covers the last row.
    <Stack gap="md" pb={64}>
      <HealthListControls list={list} />
      <QueryState query={students} label="students' health">
        {(data) =>
          data.total === 0 ? (
            <HealthListEmpty filtered={filtered} onClear={list.clear} />
          ) : data.items.length === 0 ? (
            <Group gap="sm">
              <Text size="sm">There is no page {page} any more.</Text>
              <Button variant="default" size="compact-sm" onClick={() => list.setPage(1)}>
                Go to the first page
              </Button>
            </Group>
          ) : (
            <Box>
              <DataTable
                rows={data.items}
                columns={COLUMNS}
                rowKey={(item) => item.studentId}
                caption={`Active students, ${order.label.toLowerCase()}. Students not scored yet come last.`}
                captionHidden
                listLabel="Students' health"
                card={(item) => <HealthRowCard item={item} />}
                minWidth={960}
                rowHref={studentHref}
                busy={students.isPlaceholderData}
                highlightOnHover
              />
              <ListPager
                page={data.page}
                pageSize={data.pageSize || HEALTH_LIST_PAGE_SIZE}
                total={data.total}
                totalIsAtLeast={data.totalIsAtLeast}
                noun={["student", "students"]}
                onPage={list.setPage}
              />
            </Box>
          )
        }
      </QueryState>
    </Stack>
  );
}
