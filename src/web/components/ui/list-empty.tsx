import { Button, EmptyState } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import type { ReactNode } from "react";

/** A filtered list that found nothing: what to check, and one button that clears the search and filters. */
export function NoMatches({
  title,
  filters,
  onClear,
}: {
  title: string;
  /** What the clear button resets besides the search ("the filters"). */ filters: string;
  onClear: () => void;
}) {
  return (
    <EmptyState
      py="xl"
      withIndicatorBackground
      icon={<IconSearch size={28} aria-hidden="true" />}
      title={title}
      description={`Check the spelling, or clear the search and ${filters}.`}
    >
      <Button variant="default" onClick={onClear}>
        Clear search and filters
      </Button>
    </EmptyState>
  );
}

/** A list with nothing in it yet: what will be there, and how to add the first (children). */
export function NothingYet({ icon, title, description, children }: { icon: ReactNode; title: string; description: ReactNode; children?: ReactNode }) {
  return (
    <EmptyState py="xl" withIndicatorBackground icon={icon} title={title} description={description}>
      {children}
    </EmptyState>
  );
}
