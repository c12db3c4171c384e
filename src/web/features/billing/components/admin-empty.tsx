import { EmptyState } from "@mantine/core";
import { IconReceipt } from "@tabler/icons-react";
import type { ReactNode } from "react";

/** A billing list with nothing in it: what would be here, and what to do (children: a button). */
export function AdminEmpty({ title, description, children }: { title: string; description: string; children?: ReactNode }) {
  return (
    <EmptyState py="xl" withIndicatorBackground icon={<IconReceipt size={28} aria-hidden="true" />} title={title} description={description}>
      {children}
    </EmptyState>
  );
}
