import { Box, Button, EmptyState, Group, Stack, Title } from "@mantine/core";
import { IconUserPlus, IconUsers } from "@tabler/icons-react";
import { useState } from "react";
import { MEMBER_ROLES, MEMBERSHIP_STATUSES } from "../../../shared/roles.ts";
import { useListParams } from "../../components/data/use-list-params.ts";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { useInvitations } from "../../features/invitations/api.ts";
import { InvitationsList } from "../../features/invitations/components/invitations-list.tsx";
import { InviteModal } from "../../features/invitations/components/invite-modal.tsx";
import { useMembers } from "../../features/members/api.ts";
import { MemberFilters } from "../../features/members/components/member-filters.tsx";
import { MembersList } from "../../features/members/components/members-list.tsx";
import { metaFor } from "../../lib/meta.ts";

const FILTERS = { role: MEMBER_ROLES, status: MEMBERSHIP_STATUSES };

export const meta = () => metaFor("/admin/members");

/** Everyone in the workspace (search, filters, pages; role, suspension, removal) and the invitations sent. */
export default function Members() {
  const list = useListParams(FILTERS);
  const members = useMembers(list.params);
  const invitations = useInvitations();
  const [inviting, setInviting] = useState(false);

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="sm">
        <Box style={{ flex: "1 1 320px" }}>
          <PageHeader title="Members" description="Everyone in your workspace, and the invitations you sent." />
        </Box>
        <Button leftSection={<IconUserPlus size={18} aria-hidden="true" />} onClick={() => setInviting(true)}>
          Invite someone
        </Button>
      </Group>
      {/* Bottom room so that the floating Switch Role button never covers the last row. */}
      <Stack gap="xl" pb={64}>
        <Stack gap="md" component="section" aria-labelledby="members-heading">
          <Title order={2} size="h3" id="members-heading">
            People
          </Title>
          <MemberFilters
            search={list.search}
            onSearch={list.setSearch}
            onClearSearch={list.clearSearch}
            role={list.params.role}
            onRole={(role) => list.setFilter("role", role)}
            status={list.params.status}
            onStatus={(status) => list.setFilter("status", status)}
          />
          <QueryState query={members} label="members">
            {(page) =>
              page.items.length === 0 ? (
                <EmptyState
                  py="lg"
                  withIndicatorBackground
                  icon={<IconUsers size={28} aria-hidden="true" />}
                  title={list.filtered ? "No member matches these filters." : "No members yet."}
                  description={
                    list.filtered ? (
                      <Button variant="subtle" size="compact-sm" onClick={list.clear}>
                        Clear search and filters
                      </Button>
                    ) : (
                      "Invite people, or share your join link from Settings."
                    )
                  }
                />
              ) : (
                <MembersList page={page} busy={members.isFetching && members.isPlaceholderData} onPage={list.setPage} />
              )
            }
          </QueryState>
        </Stack>
        <Stack gap="md" component="section" aria-labelledby="invitations-heading">
          <Title order={2} size="h3" id="invitations-heading">
            Invitations
          </Title>
          <Box>
            <QueryState query={invitations} label="invitations">
              {(items) => <InvitationsList invitations={items} onInvite={() => setInviting(true)} />}
            </QueryState>
          </Box>
        </Stack>
      </Stack>
      <InviteModal opened={inviting} onClose={() => setInviting(false)} />
    </>
  );
}
