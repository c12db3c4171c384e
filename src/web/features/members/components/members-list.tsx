import { Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { ROLE_LABELS } from "../../../../shared/roles.ts";
import type { MemberPage, MemberSummary } from "../../../../shared/schemas/members.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { ListPager } from "../../../components/data/list-pager.tsx";
import { Instant } from "../../../components/ui/instant.tsx";
import { Email } from "./email.tsx";
import { MemberActionModal, type PendingAction } from "./member-action-modal.tsx";
import { MemberActions, type MemberAction } from "./member-actions.tsx";
import { StatusBadge, YouBadge } from "./member-badges.tsx";

const joined = (member: MemberSummary) => <Instant at={member.joinedAt} />;

function memberColumns(act: (member: MemberSummary) => (action: MemberAction) => void): DataColumn<MemberSummary>[] {
  return [
    {
      header: "Name",
      rowHeader: true,
      cell: (member) => (
        <>
          {member.name}
          {member.isYou ? <YouBadge /> : null}
        </>
      ),
    },
    { header: "Email", cell: (member) => <Email address={member.email} /> },
    { header: "Role", cell: (member) => ROLE_LABELS[member.role] },
    { header: "Status", cell: (member) => <StatusBadge status={member.status} /> },
    { header: "Joined", nowrap: true, cell: joined },
    { header: "Actions", headerHidden: true, align: "right", cell: (member) => <MemberActions member={member} onAction={act(member)} /> },
  ];
}

function MemberCard({ member, onAction }: { member: MemberSummary; onAction: (action: MemberAction) => void }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Title order={3} size="h5">
            {member.name}
            {member.isYou ? <YouBadge /> : null}
          </Title>
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            <Email address={member.email} />
          </Text>
        </div>
        <StatusBadge status={member.status} />
      </Group>
      <Text size="sm">
        {ROLE_LABELS[member.role]} · joined {joined(member)}
      </Text>
      <Group>
        <MemberActions member={member} onAction={onAction} compact />
      </Group>
    </Stack>
  );
}

/** One page of members: a table on wide screens, a card per person on narrow ones, and the pages below. */
export function MembersList({ page, onPage, busy }: { page: MemberPage; onPage: (page: number) => void; busy: boolean }) {
  const [pending, setPending] = useState<PendingAction | null>(null);
  const act = (member: MemberSummary) => (action: MemberAction) => setPending({ member, action });
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  const first = (page.page - 1) * page.pageSize + 1;
  const last = first + page.items.length - 1;
  const noun = page.total === 1 ? "member" : "members";
  const range = pages === 1 ? `${page.total} ${noun}` : `${first}–${last} of ${page.total} ${noun}`;

  return (
    <Stack gap="md">
      <DataTable
        rows={page.items}
        columns={memberColumns(act)}
        rowKey={(member) => member.memberId}
        caption={`${range}, by name.`}
        listLabel="Members"
        card={(member) => <MemberCard member={member} onAction={act(member)} />}
        minWidth={760}
        busy={busy}
      />
      {/* The caption already says which members are shown. */}
      <ListPager page={page.page} pageSize={page.pageSize} total={page.total} noun={["member", "members"]} onPage={onPage} withSummary={false} />
      <MemberActionModal pending={pending} onClose={() => setPending(null)} />
    </Stack>
  );
}
