import { Anchor, Container, Group, Stack, Text, Title, type ContainerProps } from "@mantine/core";
import type { ReactNode } from "react";
import { Link, redirect } from "react-router";
import { SkipLink } from "../../components/ui/skip-link.tsx";
import { guard } from "../../features/session/guards.ts";

const LINKS = [
  { to: "/", label: "Glassroom home" },
  { to: "/platform/inbox", label: "Platform inbox" },
  { to: "/platform/system", label: "Platform status" },
] as const;

type PlatformPath = "/platform/inbox" | "/platform/system";

/**
 * A platform screen's loader: signed in (else the sign-in page), and a devops account (else
 * permission denied, saying what the screen is). The API checks the same.
 */
export async function requireDevops(request: Request, what: string): Promise<null> {
  const me = await guard(request);
  if (!me.user.devops) {
    const url = new URL(request.url);
    throw redirect(`/permission-denied?${new URLSearchParams({ reason: `${what} is for devops (platform) accounts only.`, from: url.pathname })}`);
  }
  return null;
}

/** The platform screens link to each other (they have no area navigation), the one shown marked as current. */
function PlatformLinks({ current }: { current: PlatformPath }) {
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

/** The frame of a platform screen: skip link, main landmark, the platform links, its title and what it shows. */
export function PlatformPage({
  current,
  title,
  description,
  size,
  children,
}: {
  current: PlatformPath;
  title: string;
  description: string;
  size: ContainerProps["size"];
  children: ReactNode;
}) {
  return (
    <>
      <SkipLink />
      <Container size={size} py="xl" component="main" id="main" tabIndex={-1}>
        <Stack gap="lg">
          <Stack gap={4}>
            <PlatformLinks current={current} />
            <Title order={1}>{title}</Title>
            <Text c="dimmed">{description}</Text>
          </Stack>
          {children}
        </Stack>
      </Container>
    </>
  );
}
