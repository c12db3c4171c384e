import { Alert, Button, Center, Loader } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";

/** The loading and error states every list and panel shows, in one place. */
export function QueryState<T>({ query, label, children }: { query: UseQueryResult<T>; label: string; children: (data: T) => ReactNode }) {
  if (query.isPending) {
    return (
      <Center py="xl" role="status" aria-label={`Loading ${label}`}>
        <Loader size="sm" aria-hidden="true" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title={`Could not load ${label}`} role="alert">
        {query.error.message}{" "}
        <Button size="compact-sm" variant="light" color="red" ml="sm" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}
