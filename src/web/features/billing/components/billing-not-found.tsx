import { Alert, Anchor, Button, Center, EmptyState, Loader, Title } from "@mantine/core";
import { IconFileUnknown } from "@tabler/icons-react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ApiError } from "../../../lib/api-client.ts";

/** What "not found" says and where it leads back to: a parent's billing unless told otherwise. */
export interface NotFoundText {
  description: string;
  backTo: string;
  backLabel: string;
}

const PARENT_NOT_FOUND: NotFoundText = {
  description: "There is nothing here for the accounts you pay.",
  backTo: "/parent/billings",
  backLabel: "Back to billing",
};

/**
 * Loading, "not found" and error states of one billing document (an invoice, a dispute, a
 * payment). One of another family answers 404 like one that does not exist: the screen says
 * the same for both.
 */
export function BillingDocumentState<T>({
  query,
  label,
  notFoundTitle,
  notFound = PARENT_NOT_FOUND,
  children,
}: {
  query: UseQueryResult<T>;
  label: string;
  notFoundTitle: string;
  notFound?: NotFoundText;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Center py="xl" role="status" aria-label={`Loading ${label}`}>
        <Loader size="sm" aria-hidden="true" />
      </Center>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <EmptyState
          py="xl"
          withIndicatorBackground
          icon={<IconFileUnknown size={28} aria-hidden="true" />}
          title={
            <Title order={1} size="h3">
              {notFoundTitle}
            </Title>
          }
          description={
            <>
              {notFound.description}{" "}
              <Anchor underline="always" component={Link} to={notFound.backTo}>
                {notFound.backLabel}
              </Anchor>
            </>
          }
        />
      );
    }
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
