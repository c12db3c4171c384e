import { Anchor, Group } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link } from "react-router";

/** The way back from one of a parent's billing pages (an invoice, a question, a card payment) to the billing page. */
export function BackToBilling() {
  return (
    <Anchor component={Link} to="/parent/billings" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden="true" />
        Billing and packages
      </Group>
    </Anchor>
  );
}
