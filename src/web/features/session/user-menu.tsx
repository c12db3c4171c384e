import { Avatar, Menu, UnstyledButton, Group, Text } from "@mantine/core";
import { Link, useNavigate } from "react-router";
import { isMemberRole } from "../../../shared/roles.ts";
import { useMe } from "./api.ts";
import { signOut } from "./sign-out.ts";

export function UserMenu() {
  const { data: me } = useMe();
  const navigate = useNavigate();
  if (!me) return null;
  const initials = me.user.name
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${me.user.name}`}>
          <Group gap={8} wrap="nowrap">
            <Avatar radius="xl" size="sm" color="teal">
              {initials}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="md">
              {me.user.name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{me.user.email}</Menu.Label>
        {isMemberRole(me.role) ? (
          <Menu.Item component={Link} to={`/${me.role}/settings`}>
            Settings
          </Menu.Item>
        ) : null}
        <Menu.Item
          onClick={async () => {
            await signOut();
            void navigate("/login");
          }}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
