import { Button, Container, Group, Text, Title } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { findPublicRoute } from "../../../shared/public-routes.ts";
import { publicMetaFor } from "../../lib/public-meta.ts";
import { CONTENT_PAGE_HANDLE } from "../../lib/content-page.ts";

export const handle = CONTENT_PAGE_HANDLE;

export const meta = ({ location }: { location: { pathname: string } }) => publicMetaFor(location.pathname);

/** A public page: its title and summary from the route table (full content comes with the marketing site). */
export default function MarketingPage() {
  const route = findPublicRoute(useLocation().pathname);
  return (
    <Container size="md">
      <Title order={1}>{route?.title}</Title>
      <Text size="lg" c="dimmed" mt="md">
        {route?.description}
      </Text>
      <Group mt="xl">
        <Button component={Link} to="/signup">
          Start your workspace
        </Button>
        <Button component={Link} to="/product/overview" variant="default">
          See the product
        </Button>
      </Group>
    </Container>
  );
}
