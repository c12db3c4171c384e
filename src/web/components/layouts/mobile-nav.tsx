import { Anchor, Button, Drawer, Stack } from "@mantine/core";
import { Link } from "react-router";

/** The public pages' navigation on phones, in a drawer (its own chunk, loaded on first open). */
export default function MobileNav({ items, onClose }: { items: readonly { to: string; label: string }[]; onClose: () => void }) {
  return (
    <Drawer opened onClose={onClose} title="Glassroom" hiddenFrom="md">
      <Stack component="nav" aria-label="Mobile">
        {items.map((item) => (
          <Anchor key={item.to} component={Link} to={item.to} onClick={onClose}>
            {item.label}
          </Anchor>
        ))}
        <Button component={Link} to="/login" variant="default" onClick={onClose}>
          Sign in
        </Button>
        <Button component={Link} to="/signup" onClick={onClose}>
          Start your workspace
        </Button>
      </Stack>
    </Drawer>
  );
}
