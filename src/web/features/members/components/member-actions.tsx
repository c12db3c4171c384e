import { ActionIcon, Button, Menu } from "@mantine/core";
import { IconDots } from "@tabler/icons-react";
import { Link } from "react-router";
import type { MemberSummary } from "../../../../shared/schemas/members.ts";

export type MemberAction = "role" | "suspend" | "reactivate" | "remove";

/**
 * The actions on one member, in a menu. Your own membership cannot be changed here (another
 * admin can), and a pending member is decided in Approvals.
 */
export function MemberActions({ member, onAction, compact }: { member: MemberSummary; onAction: (action: MemberAction) => void; compact?: boolean }) {
  if (member.status === "pending") {
    return (
      <Button component={Link} to="/admin/approvals" size="compact-sm" variant="light" aria-label={`Review ${member.name} in Approvals`}>
        Review in Approvals
      </Button>
    );
  }
  const self = member.isYou;
  const label = `Actions for ${member.name}`;
  return (
    <Menu position="bottom-end" shadow="md" width={250} withinPortal>
      <Menu.Target>
        {compact ? (
          <Button variant="default" size="sm" rightSection={<IconDots size={16} aria-hidden="true" />} aria-label={label}>
            Actions
          </Button>
        ) : (
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label}>
            <IconDots size={18} aria-hidden="true" />
          </ActionIcon>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        {self ? <Menu.Label>This is you: another admin can change your membership.</Menu.Label> : null}
        <Menu.Item disabled={self} onClick={() => onAction("role")}>
          Change role…
        </Menu.Item>
        {member.status === "suspended" ? (
          <Menu.Item disabled={self} onClick={() => onAction("reactivate")}>
            Reactivate…
          </Menu.Item>
        ) : (
          <Menu.Item disabled={self} onClick={() => onAction("suspend")}>
            Suspend…
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item disabled={self} color="red.9" onClick={() => onAction("remove")}>
          Remove from workspace…
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
