import { Anchor, EmptyState } from "@mantine/core";
import { IconUserCheck } from "@tabler/icons-react";
import { Link } from "react-router";

/** The list is empty: say so, and point to where the join link is shared. */
export function ApprovalsEmpty() {
  return (
    <EmptyState
      py="xl"
      withIndicatorBackground
      icon={<IconUserCheck size={28} aria-hidden="true" />}
      title="No registrations are waiting for approval."
      description={
        <>
          People ask to join with your workspace&apos;s join link and show up here.{" "}
          <Anchor underline="always" component={Link} to="/admin/settings">
            Share your join link from Settings
          </Anchor>
          .
        </>
      }
    />
  );
}
