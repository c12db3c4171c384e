import { Group, Pagination, Paper, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { ROLE_LABELS } from "../../../../shared/roles.ts";
import type { MemberPage, MemberSummary } from "../../../../shared/schemas/members.ts";
import { formatDate } from "../format.ts";
import { Email } from "./email.tsx";
import { MemberActionModal, type PendingAction } from "./member-action-modal.tsx";
import { MemberActions, type MemberAction } from "./member-actions.tsx";
import { StatusBadge, YouBadge } from "./member-badges.tsx";

/**
 * One page of members: a table on wide screens, a card per person on narrow ones (one layout is
 * rendered, so each control exists once), and the pages below.
 */
export function MembersList({ page, onPage, busy }: { page: MemberPage; onPage: (page: number) => void; busy: boolean }) {
  const wide = useMediaQuery("(min-width: 62em)", true, { getInitialValueInEffect: false });
  const [pending, setPending] = useState<PendingAction | null>(null);
  const act = (member: MemberSummary) => (action: MemberAction) => setPending({ member, action });
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  const first = (page.page - 1) * page.pageSize + 1;
  const last = first + page.items.length - 1;
  const noun = page.total === 1 ? "member" : "members";
  const range = pages === 1 ? `${page.total} ${noun}` : `${first}–${last} of ${page.total} ${noun}`;

  return (
    <Stack gap="md" aria-busy={busy}>
      {wide ? (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" style={{ opacity: busy ? 0.6 : 1 }}>
            <Table.Caption>{range}, by name.</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Email</Table.Th>
                <Table.Th scope="col">Role</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Joined</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.items.map((member) => (
                <Table.Tr key={member.memberId}>
                  <Table.Th scope="row" fw={600}>
                    {member.name}
                    {member.isYou ? <YouBadge /> : null}
                  </Table.Th>
                  <Table.Td>
                    <Email address={member.email} />
                  </Table.Td>
                  <Table.Td>{ROLE_LABELS[member.role]}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={member.status} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <time dateTime={member.joinedAt}>{formatDate(member.joinedAt)}</time>
                  </Table.Td>
                  <Table.Td ta="right">
                    <MemberActions member={member} onAction={act(member)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {range}, by name.
          </Text>
          <Stack gap="sm" component="ul" aria-label="Members" style={{ listStyle: "none", padding: 0, margin: 0, opacity: busy ? 0.6 : 1 }}>
            {page.items.map((member) => (
              <Paper component="li" key={member.memberId} withBorder p="md" radius="md">
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
                    {ROLE_LABELS[member.role]} · joined <time dateTime={member.joinedAt}>{formatDate(member.joinedAt)}</time>
                  </Text>
                  <Group>
                    <MemberActions member={member} onAction={act(member)} compact />
                  </Group>
                </Stack>
              </Paper>
            ))}
          </Stack>
        </>
      )}
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page.page}
          onChange={onPage}
          siblings={wide ? 1 : 0}
          aria-label="Pages of members"
          getItemProps={(number) => ({ "aria-label": `Page ${number}`, ...(number === page.page ? { "aria-current": "page" } : {}) })}
          getControlProps={(control) => ({ "aria-label": { first: "First page", previous: "Previous page", next: "Next page", last: "Last page" }[control] })}
        />
      ) : null}
      <MemberActionModal pending={pending} onClose={() => setPending(null)} />
    </Stack>
  );
}
