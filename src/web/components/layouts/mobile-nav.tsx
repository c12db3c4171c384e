// The drawer's styles come with it (the public pages' stylesheet holds only what they show first).
import "@mantine/core/styles/ScrollArea.layer.css";
import "@mantine/core/styles/Overlay.layer.css";
import "@mantine/core/styles/ModalBase.layer.css";
import "@mantine/core/styles/Drawer.layer.css";
import { Anchor, Button, Drawer, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import type { NavSection } from "../../features/marketing/nav.ts";

/** The public pages' navigation on phones, in a drawer (its own chunk, loaded on first open). */
export default function MobileNav({ sections, onClose }: { sections: readonly NavSection[]; onClose: () => void }) {
  return (
    <Drawer opened onClose={onClose} title="Glassroom" hiddenFrom="lg" closeButtonProps={{ "aria-label": "Close navigation" }}>
      <Stack component="nav" aria-label="Mobile" gap="lg">
        {sections.map((section) => (
          <Stack key={section.label} gap={6}>
            <Text fw={700} size="sm" component="h2">
              {section.label}
            </Text>
            {section.links.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} onClick={onClose}>
                {link.label}
              </Anchor>
            ))}
          </Stack>
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
