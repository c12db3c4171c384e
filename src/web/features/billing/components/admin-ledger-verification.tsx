import { Alert, Button, Code, Group, Loader, Stack, Text } from "@mantine/core";
import { Can } from "../../../components/auth/can.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { useDateTime } from "../../session/display-time-zone.ts";
import { useLatestVerification, useRequestVerification } from "../admin-api.ts";

/** Ledger: run the check of the whole chain (sequence, hashes, running balances) and show the latest result. */
export function AdminLedgerVerification() {
  const latest = useLatestVerification();
  const request = useRequestVerification();
  const { instant } = useDateTime();
  const running = latest.data?.verification != null && latest.data.verification.finishedAt === null;

  return (
    <Stack gap="md">
      <Text size="sm">
        Every money movement is an entry of an append-only ledger, each chained to the one before by a hash. The check reads the whole chain again and says
        whether anything was changed.
      </Text>
      <Can permission="admin:billing:write">
        <Group>
          <Button loading={request.isPending} disabled={running} onClick={() => request.mutate()}>
            Verify the ledger
          </Button>
        </Group>
        <FormError error={request.error} title="Could not start the check" />
      </Can>
      <QueryState query={latest} label="the latest check">
        {({ verification }) =>
          verification === null ? (
            <Text size="sm">The ledger has not been verified yet.</Text>
          ) : verification.finishedAt === null ? (
            <Group gap="sm" role="status">
              <Loader size="sm" aria-hidden="true" />
              <Text size="sm">Checking the ledger (asked for {instant(verification.requestedAt)})…</Text>
            </Group>
          ) : (
            <Alert color={verification.ok ? "teal" : "red"} title={verification.ok ? "The ledger is intact" : "The ledger has a problem"} role="status">
              <Stack gap={4}>
                {verification.problem ? <Text size="sm">{verification.problem}</Text> : null}
                <Text size="sm">
                  Checked {instant(verification.finishedAt)}
                  {verification.requestedByName ? `, asked for by ${verification.requestedByName}` : ""}.
                </Text>
                <Text size="sm">Entries checked: {verification.entriesChecked ?? 0}</Text>
                <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                  Latest hash: <Code>{verification.latestHash ?? "none (no entries yet)"}</Code>
                </Text>
              </Stack>
            </Alert>
          )
        }
      </QueryState>
    </Stack>
  );
}
