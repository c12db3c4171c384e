import { NoMatches, NothingYet } from "../../../components/ui/list-empty.tsx";
import { Anchor, Badge, Box, Button, Group, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconSearch, IconUserPlus } from "@tabler/icons-react";
import { Link } from "react-router";
import { LEAD_SOURCES, type LeadSummary, type Stage } from "../../../../shared/schemas/crm.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { ListPager } from "../../../components/data/list-pager.tsx";
import { useListParams } from "../../../components/data/use-list-params.ts";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { type CrmArea, leadHref, LEADS_PAGE_SIZE, useLeads, useStaff, useStages } from "../api.ts";
import { leadTitle, SOURCE_LABELS, timeInStage } from "../format.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// The tab rides along so that a filter keeps the List tab open (?tab=list&stageId=…).
const FILTERS = {
  tab: ["board", "list", "tasks"] as const,
  stageId: (value: string) => UUID.test(value),
  source: LEAD_SOURCES,
  ownerMemberId: (value: string) => /^[A-Za-z0-9_-]{1,64}$/.test(value),
};
const SOURCE_OPTIONS = LEAD_SOURCES.map((source) => ({ value: source, label: SOURCE_LABELS[source] }));
const ANY = "any";

const stageColor = (stage: Stage) => (stage.outcome === "lost" ? "red" : stage.outcome === "won" ? "teal" : "blue");

function columnsFor(area: CrmArea, showOwner: boolean): DataColumn<LeadSummary>[] {
  return [
    {
      header: "Lead",
      rowHeader: true,
      cell: (lead) => (
        <Anchor component={Link} to={leadHref(area, lead.id)} fw={600}>
          {leadTitle(lead)}
        </Anchor>
      ),
    },
    { header: "Need", maxWidth: 220, cell: (lead) => lead.subjects.join(", ") || "—" },
    { header: "Stage", cell: (lead) => <StageBadge stage={lead.stage} /> },
    { header: "In stage", nowrap: true, cell: (lead) => timeInStage(lead.stageEnteredAt) },
    { header: "Source", cell: (lead) => SOURCE_LABELS[lead.source] },
    ...(showOwner ? [{ header: "Owner", cell: (lead: LeadSummary) => lead.owner?.name ?? "—" }] : []),
    { header: "Contact", maxWidth: 240, cell: (lead) => lead.email ?? lead.phone ?? "—" },
  ];
}

export function StageBadge({ stage }: { stage: Stage }) {
  return (
    <Badge variant="light" color={stageColor(stage)} style={{ textTransform: "none" }}>
      {stage.name}
    </Badge>
  );
}

/** The leads list: search, filters by stage, source and (admins) owner, kept in the URL; a page at a time. */
export function LeadsList({ area, showOwner, onAdd }: { area: CrmArea; showOwner: boolean; onAdd: () => void }) {
  const list = useListParams(FILTERS);
  const { q, page, stageId, source, ownerMemberId } = list.params;
  const leads = useLeads(area, { q, page, stageId, source, ownerMemberId: showOwner ? ownerMemberId : null });
  const stages = useStages(area);
  const staff = useStaff(showOwner);
  const filtered = q !== "" || stageId !== null || source !== null || (showOwner && ownerMemberId !== null);
  const clear = () => {
    list.clearSearch();
    list.setFilter("stageId", null);
    list.setFilter("source", null);
    list.setFilter("ownerMemberId", null);
  };
  const columns = columnsFor(area, showOwner);

  return (
    <Stack gap="md">
      <Group gap="md" align="flex-end" role="search" aria-label="Find leads">
        <TextInput
          label="Search"
          type="search"
          placeholder="Name or email"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
          maxLength={100}
          style={{ flex: "1 1 14rem" }}
        />
        <Select
          label="Stage"
          data={[{ value: ANY, label: "Any stage" }, ...(stages.data?.items ?? []).map((stage) => ({ value: stage.id, label: stage.name }))]}
          value={stageId ?? ANY}
          onChange={(value) => list.setFilter("stageId", value && value !== ANY ? value : null)}
          allowDeselect={false}
          w={{ base: "100%", xs: 180 }}
        />
        <Select
          label="Source"
          data={[{ value: ANY, label: "Any source" }, ...SOURCE_OPTIONS]}
          value={source ?? ANY}
          onChange={(value) => list.setFilter("source", value && value !== ANY ? (value as (typeof LEAD_SOURCES)[number]) : null)}
          allowDeselect={false}
          w={{ base: "100%", xs: 170 }}
        />
        {showOwner ? (
          <Select
            label="Owner"
            data={[{ value: ANY, label: "Anyone" }, ...(staff.data ?? []).map((member) => ({ value: member.memberId, label: member.name }))]}
            value={ownerMemberId ?? ANY}
            onChange={(value) => list.setFilter("ownerMemberId", value && value !== ANY ? value : null)}
            allowDeselect={false}
            w={{ base: "100%", xs: 200 }}
          />
        ) : null}
      </Group>
      <QueryState query={leads} label="leads">
        {(data) =>
          data.total === 0 ? (
            filtered ? (
              <NoMatches title="No leads match." filters="the filters" onClear={clear} />
            ) : (
              <NothingYet
                icon={<IconUserPlus size={28} aria-hidden="true" />}
                title="No leads yet."
                description="Leads come from your enquiry page, or add one you met by phone, referral or at the door."
              >
                <Button onClick={onAdd}>Add lead</Button>
              </NothingYet>
            )
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
                columns={columns}
                rowKey={(lead) => lead.id}
                caption="Leads, newest first. Open a lead to see its timeline and tasks."
                captionHidden
                listLabel="Leads"
                card={(lead) => <LeadCard area={area} lead={lead} showOwner={showOwner} />}
                minWidth={900}
                rowHref={(lead) => leadHref(area, lead.id)}
                busy={leads.isPlaceholderData}
                highlightOnHover
              />
              <ListPager
                page={data.page}
                pageSize={data.pageSize || LEADS_PAGE_SIZE}
                total={data.total}
                totalIsAtLeast={data.totalIsAtLeast}
                noun={["lead", "leads"]}
                onPage={list.setPage}
              />
            </Box>
          )
        }
      </QueryState>
    </Stack>
  );
}

function LeadCard({ area, lead, showOwner }: { area: CrmArea; lead: LeadSummary; showOwner: boolean }) {
  return (
    <Stack gap={4} style={{ overflowWrap: "anywhere" }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Title order={2} size="h5">
          <Anchor component={Link} to={leadHref(area, lead.id)} inherit>
            {leadTitle(lead)}
          </Anchor>
        </Title>
        <StageBadge stage={lead.stage} />
      </Group>
      <Text size="sm">{lead.subjects.join(", ") || "No subjects yet"}</Text>
      <Text size="sm" c="dimmed">
        {SOURCE_LABELS[lead.source]} · in stage {timeInStage(lead.stageEnteredAt)}
        {showOwner ? ` · ${lead.owner?.name ?? "no owner"}` : ""}
      </Text>
    </Stack>
  );
}
