import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconPlus } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import type { PayStatement } from "../../../shared/schemas/tutor-pay.ts";
import { Can } from "../../components/auth/can.tsx";
import { BillingDocumentState } from "../../features/billing/components/billing-not-found.tsx";
import { BackLink } from "../../features/students/components/people-ui.tsx";
import { usePayStatement } from "../../features/tutor-pay/api.ts";
import { AdjustmentModal } from "../../features/tutor-pay/components/adjustment-form.tsx";
import { PayStatementView } from "../../features/tutor-pay/components/pay-statement.tsx";
import { useStatementRange, type StatementRange } from "../../features/tutor-pay/statement-range.ts";

const NOT_FOUND = {
  description: "No tutor of this workspace has this address. Find them in the tutor pay list instead.",
  backTo: "/admin/pay",
  backLabel: "Back to tutor pay",
};

/** A tutor's pay statement lesson by lesson, and "Add an adjustment". */
export default function AdminPayTutor() {
  const { memberId = "" } = useParams();
  const range = useStatementRange();
  const statement = usePayStatement(memberId, range.query);
  return (
    // Bottom room so that the floating Switch Role button never covers the last control.
    <Stack gap="lg" maw={1200} pb={64}>
      <div>
        <BackLink to="/admin/pay">Tutor pay</BackLink>
      </div>
      <BillingDocumentState query={statement} label="the statement" notFoundTitle="Tutor not found" notFound={NOT_FOUND}>
        {(data) => <TutorStatement statement={data} range={range} busy={statement.isPlaceholderData} />}
      </BillingDocumentState>
    </Stack>
  );
}

function TutorStatement({ statement, range, busy }: { statement: PayStatement; range: StatementRange; busy: boolean }) {
  const [adjusting, adjust] = useDisclosure(false);
  return (
    <>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {statement.tutorName}&apos;s pay
          </Title>
          <Text size="sm" c="dimmed">
            The statement the tutor sees too.{" "}
            <Anchor component={Link} to={`/admin/tutors/${encodeURIComponent(statement.tutorMemberId)}`} inherit underline="always">
              Pay rate and profile
            </Anchor>
          </Text>
        </Stack>
        <Can permission="admin:pay:write">
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={adjust.open}>
            Add an adjustment
          </Button>
          <AdjustmentModal
            opened={adjusting}
            onClose={adjust.close}
            memberId={statement.tutorMemberId}
            tutorName={statement.tutorName}
            currency={statement.currency}
          />
        </Can>
      </Group>
      <PayStatementView statement={statement} range={range} viewer="admin" busy={busy} />
    </>
  );
}
