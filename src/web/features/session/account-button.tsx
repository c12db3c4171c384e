import { Avatar, Group, Text, UnstyledButton } from "@mantine/core";
import type { ComponentPropsWithRef } from "react";

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();

/** The account menu's button: the viewer's initials, and their name on wide screens. */
export function AccountButton({ name, ...props }: { name: string } & ComponentPropsWithRef<"button">) {
  return (
    <UnstyledButton aria-label={`Account menu for ${name}`} {...props}>
      <Group gap={8} wrap="nowrap">
        <Avatar radius="xl" size="sm" color="teal">
          {initialsOf(name)}
        </Avatar>
        <Text size="sm" fw={500} visibleFrom="md">
          {name}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
