import { Box, Button, EmptyState, Group, Stack, Title } from "@mantine/core";
import { IconUserPlus, IconUsers } from "@tabler/icons-react";
import { useState } from "react";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { useInvitations } from "../../features/invitations/api.ts";
import { InvitationsList } from "../../features/invitations/components/invitations-list.tsx";
import { InviteModal } from "../../features/invitations/components/invite-modal.tsx";
import { useMembers } from "../../features/members/api.ts";
import { MemberFilters } from "../../features/members/components/member-filters.tsx";
import { MembersList } from "../../features/members/components/members-list.tsx";
import { useMemberFilters } from "../../features/members/use-member-filters.ts";
import { metaFor } from "../../lib/meta.ts";

export const meta = () => metaFor("/admin/members");

/** Everyone in the workspace (search, filters, pages; role, suspension, removal) and the invitations sent. */
export default function Members() {
  const [filters, setFilters] = useMemberFilters();
  const members = useMembers(filters);
  const invitations = useInvitations();
  const [inviting, setInviting] = useState(false);
  const filtered = Boolean(filters.q || filters.role || filters.status);

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
          <MemberFilters filters={filters} onChange={setFilters} />
          <QueryState query={members} label="members">
            {(page) =>
              page.items.length === 0 ? (
                <EmptyState
                  py="lg"
                  withIndicatorBackground
                  icon={<IconUsers size={28} aria-hidden="true" />}
                  title={filtered ? "No member matches these filters." : "No members yet."}
                  description={
                    filtered ? (
                      <Button variant="subtle" size="compact-sm" onClick={() => setFilters({ q: "", role: null, status: null })}>
                        Clear search and filters
                      </Button>
                    ) : (
                      "Invite people, or share your join link from Settings."
                    )
                  }
                />
              ) : (
                <MembersList page={page} busy={members.isFetching && members.isPlaceholderData} onPage={(next) => setFilters({ page: next })} />
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
