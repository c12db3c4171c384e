import { ActionIcon, Button, Menu, Text } from "@mantine/core";
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
      <Button component={Link} to="/admin/approvals" size="compact-sm" variant="light" aria-label={`Review in Approvals: ${member.name}`}>
        Review in Approvals
      </Button>
    );
  }
  if (member.isYou) {
    // No menu of disabled items (the keyboard could not even close it): say why instead.
    return (
      <Text size="xs" c="dimmed" maw={compact ? undefined : 150} ta={compact ? undefined : "right"} ml={compact ? undefined : "auto"}>
        Only another admin can change or remove you.
      </Text>
    );
  }
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
        <Menu.Item onClick={() => onAction("role")}>Change role…</Menu.Item>
        {member.status === "suspended" ? (
          <Menu.Item onClick={() => onAction("reactivate")}>Reactivate…</Menu.Item>
        ) : (
          <Menu.Item onClick={() => onAction("suspend")}>Suspend…</Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red.9" onClick={() => onAction("remove")}>
          Remove from workspace…
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
