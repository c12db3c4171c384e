import { Anchor, Box, Container, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { NAV_SECTIONS } from "../../features/marketing/nav.ts";

const ACCOUNT_LINKS = [
  { to: "/signup", label: "Start your workspace" },
  { to: "/login", label: "Sign in" },
];

/**
 * Every public page (the sections come from the route table): from any page, every other is
 * one link away, on a phone too and with JavaScript off.
 */
export function PublicFooter() {
  return (
    <Box component="footer" py="xl" className="public-footer">
      <Container size="lg">
        <div className="public-footer-grid">
          {[...NAV_SECTIONS, { label: "Account", links: ACCOUNT_LINKS }].map((section) => (
            <Stack key={section.label} gap={6} component="nav" aria-label={`${section.label} pages`}>
              <Title order={2} size="sm">
                {section.label}
              </Title>
              {section.links.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} size="sm" c="dimmed">
                  {link.label}
                </Anchor>
              ))}
            </Stack>
          ))}
        </div>
        <Text size="sm" c="dimmed" mt="xl">
          Glassroom 1.0.0 · the open, transparent tutoring operating system
        </Text>
      </Container>
    </Box>
  );
}
