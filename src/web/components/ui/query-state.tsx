import { Alert, Button, Center, Loader } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";

/** "Loading students": a spinner named for what it waits for. */
export function LoadingState({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-label={`Loading ${label}`}>
      <Loader size="sm" aria-hidden="true" />
    </Center>
  );
}

/** "Could not load students", the reason, and Retry when the caller can retry. */
export function ErrorState({ label, message, onRetry }: { label: string; message: string; onRetry?: (() => void) | undefined }) {
  return (
    <Alert color="red" title={`Could not load ${label}`} role="alert">
      {message}{" "}
      {onRetry ? (
        <Button size="compact-sm" variant="light" color="red" ml="sm" onClick={onRetry}>
          Retry
        </Button>
      ) : null}
    </Alert>
  );
}

/** The loading and error states every list and panel shows, in one place. */
export function QueryState<T>({ query, label, children }: { query: UseQueryResult<T>; label: string; children: (data: T) => ReactNode }) {
  if (query.isPending) return <LoadingState label={label} />;
  if (query.isError) return <ErrorState label={label} message={query.error.message} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
