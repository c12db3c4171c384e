import { Alert, Anchor, Button, Center, EmptyState, Loader, Title } from "@mantine/core";
import { IconFileUnknown } from "@tabler/icons-react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { isNotFound } from "../api.ts";

/**
 * Loading, "not found" and error states of one record. A record the viewer may not see answers
 * 404 like one that does not exist: the screen says the same for both.
 */
export function RecordState<T>({ query, notFound, children }: { query: UseQueryResult<T>; notFound: ReactNode; children: (data: T) => ReactNode }) {
  if (query.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading the record">
        <Loader size="sm" aria-hidden="true" />
      </Center>
    );
  }
  if (query.isError) {
    if (isNotFound(query.error)) return <>{notFound}</>;
    return (
      <Alert color="red" title="Could not load the record" role="alert">
        {query.error.message}{" "}
        <Button size="compact-sm" variant="light" color="red" ml="sm" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}

/** "Student not found" (the page's heading): nothing says whether the record exists elsewhere. */
export function StudentNotFound({ backTo, backLabel, description }: { backTo: string; backLabel: string; description: string }) {
  return (
    <EmptyState
      py="xl"
      withIndicatorBackground
      icon={<IconFileUnknown size={28} aria-hidden="true" />}
      title={
        <Title order={1} size="h3">
          Student not found
        </Title>
      }
      description={
        <>
          {description}{" "}
          <Anchor underline="always" component={Link} to={backTo}>
            {backLabel}
          </Anchor>
        </>
      }
    />
  );
}
