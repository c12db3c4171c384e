import { Group, Text, UnstyledButton } from "@mantine/core";
import { Link } from "react-router";

export function Brand({ to = "/" }: { to?: string }) {
  return (
    <UnstyledButton component={Link} to={to} aria-label="Glassroom home">
      <Group gap={8} wrap="nowrap">
        <img src="/favicon.svg" width={28} height={28} alt="" />
        <Text fw={800} size="lg">
          Glassroom
        </Text>
      </Group>
    </UnstyledButton>
  );
}
