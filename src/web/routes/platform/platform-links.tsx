import { Anchor, Group } from "@mantine/core";
import { Link } from "react-router";

const LINKS = [
  { to: "/", label: "Glassroom home" },
  { to: "/platform/inbox", label: "Platform inbox" },
  { to: "/platform/system", label: "Platform status" },
] as const;

/** The platform screens link to each other (they have no area navigation), the one shown marked as current. */
export function PlatformLinks({ current }: { current: "/platform/inbox" | "/platform/system" }) {
  return (
    <Group component="nav" aria-label="Platform" gap="md" wrap="wrap">
      {LINKS.map((link) => (
        <Anchor
          key={link.to}
          component={Link}
          to={link.to}
          size="sm"
          aria-current={link.to === current ? "page" : undefined}
          fw={link.to === current ? 700 : undefined}
        >
          {link.label}
        </Anchor>
      ))}
    </Group>
  );
}
