import { Box } from "@mantine/core";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { usePendingMembers } from "../../features/approvals/api.ts";
import { ApprovalsEmpty } from "../../features/approvals/components/approvals-empty.tsx";
import { ApprovalsList } from "../../features/approvals/components/approvals-list.tsx";
import { metaFor } from "../../lib/meta.ts";

export const meta = () => metaFor("/admin/approvals");

/** Pending registrations of the workspace: approve each with a role, or reject. */
export default function Approvals() {
  const pending = usePendingMembers();
  return (
    <>
      <PageHeader
        title="Approvals"
        description="People who asked to join your workspace. Choose a role and approve, or reject. Each person is emailed the outcome."
      />
      {/* Bottom room so that the floating Switch Role button never covers the last row. */}
      <Box pb={64}>
        <QueryState query={pending} label="pending registrations">
          {(members) => (members.length === 0 ? <ApprovalsEmpty /> : <ApprovalsList members={members} />)}
        </QueryState>
      </Box>
    </>
  );
}
