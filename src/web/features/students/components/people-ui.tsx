import { Anchor } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** Small pieces shared by the students and tutors screens: the way back to the list. */

/** "← Students": the way back from a record to its list. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm" fw={500} mb="xs" style={{ display: "inline-flex", alignItems: "center", gap: 4 }}>
      <IconArrowLeft size={16} aria-hidden="true" />
      {children}
    </Anchor>
  );
}
