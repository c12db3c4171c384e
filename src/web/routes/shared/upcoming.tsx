import { Alert, Text } from "@mantine/core";
import { useLocation } from "react-router";
import { findRoute } from "../../../shared/route-table.ts";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { metaFor } from "../../lib/meta.ts";

export const meta = ({ location }: { location: { pathname: string } }) => metaFor(location.pathname);

/** A screen whose capability lands in a later release: its title and what will be here. */
export default function UpcomingScreen() {
  const route = findRoute(useLocation().pathname);
  return (
    <>
      <PageHeader title={route?.title ?? "Coming soon"} description={route?.description} />
      <Alert color="gray" title="Coming to Glassroom" maw={640}>
        <Text size="sm">{route?.upcoming}</Text>
      </Alert>
    </>
  );
}
