import { Alert, Button, Group, Select, Stack, Switch, Text } from "@mantine/core";
import { IconCreditCard } from "@tabler/icons-react";
import { useState } from "react";
import type { FamilyAccount } from "../../../../shared/schemas/billing-accounts.ts";
import { formatMoney } from "../../../lib/format-money.ts";
import { cardInWords, formatMinutes } from "../format.ts";
import { useSearchParams } from "react-router";
import {
  useCardPaymentOptions,
  usePackagesForSale,
  useRemoveSavedCard,
  useSavedCard,
  useSetAutopay,
  useStartCardSetup,
  useStartPackageCheckout,
} from "../family-api.ts";
import { FamilyPanel } from "./family-panel.tsx";

const sendTo = (url: string) => window.location.assign(url);

/** The saved card of the account and autopay: saved on Stripe's page, autopay one switch, removable. */
function SavedCardPanel({ accountId }: { accountId: string }) {
  const [params] = useSearchParams();
  const justSaved = params.get("card") === "saved";
  const state = useSavedCard(accountId, { waitForCard: justSaved });
  const setup = useStartCardSetup(accountId);
  const autopay = useSetAutopay(accountId);
  const remove = useRemoveSavedCard(accountId);
  const error = setup.error ?? autopay.error ?? remove.error;
  if (!state.isSuccess || !state.data.available) return null;
  const { card, disputeWindowDays } = state.data;
  return (
    <FamilyPanel
      title="Card and autopay"
      description={`With autopay on, each invoice is charged to your saved card ${disputeWindowDays} ${disputeWindowDays === 1 ? "day" : "days"} after it is issued. Question a line before then and we wait for the answer.`}
    >
      {card ? (
        <Stack gap="sm">
          <Text>{cardInWords(card)}</Text>
          <Switch
            label="Autopay"
            description={state.data.autopay ? "On: invoices are charged to this card." : "Off: you pay each invoice yourself."}
            checked={state.data.autopay}
            disabled={autopay.isPending}
            onChange={(event) => autopay.mutate({ enabled: event.currentTarget.checked })}
          />
          <Group>
            <Button variant="default" size="xs" loading={remove.isPending} onClick={() => remove.mutate()}>
              Remove card
            </Button>
          </Group>
        </Stack>
      ) : justSaved ? (
        <Text size="sm" role="status">
          Stripe is confirming your card: it appears here in a moment.
        </Text>
      ) : (
        <Group gap="sm">
          <Button
            leftSection={<IconCreditCard size={18} aria-hidden="true" />}
            variant="light"
            loading={setup.isPending || setup.isSuccess}
            onClick={() => setup.mutate(undefined, { onSuccess: (started) => sendTo(started.url) })}
          >
            Save a card
          </Button>
          <Text size="sm" c="dimmed">
            On Stripe&apos;s secure page. Nothing is charged now.
          </Text>
        </Group>
      )}
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : null}
    </FamilyPanel>
  );
}

/** Buying a package of the catalogue by card: its hours count once Stripe confirms the payment. */
function BuyPackagePanel({ account }: { account: FamilyAccount }) {
  const packages = usePackagesForSale();
  const start = useStartPackageCheckout(account.id);
  const [productId, setProductId] = useState<string | null>(null);
  const [studentId, setStudentId] = useState<string | null>(account.students.length === 1 ? account.students[0]!.id : null);
  const items = packages.data?.items ?? [];
  if (!packages.isSuccess || items.length === 0) return null;
  const chosen = items.find((item) => item.id === productId);
  const needsChild = chosen?.scope === "student";
  return (
    <FamilyPanel title="Buy a package" description="Prepaid hours, paid by card. They count as soon as Stripe confirms the payment.">
      <Stack gap="sm">
        <Select
          label="Package"
          placeholder="Choose a package"
          data={items.map((item) => ({
            value: item.id,
            label: `${item.name}: ${formatMinutes(item.minutes)} for ${formatMoney(item.priceMinor, item.currency)}, valid ${item.validDays} days${item.scope === "family" ? " (shared by the family)" : ""}`,
          }))}
          value={productId}
          onChange={setProductId}
        />
        {needsChild ? (
          <Select
            label="For"
            placeholder="Choose a child"
            data={account.students.map((student) => ({ value: student.id, label: student.name }))}
            value={studentId}
            onChange={setStudentId}
          />
        ) : null}
        <Group>
          <Button
            leftSection={<IconCreditCard size={18} aria-hidden="true" />}
            disabled={!chosen || (needsChild && !studentId)}
            loading={start.isPending || start.isSuccess}
            onClick={() =>
              chosen &&
              start.mutate({ productId: chosen.id, ...(needsChild && studentId ? { studentId } : {}) }, { onSuccess: (started) => sendTo(started.url) })
            }
          >
            {chosen ? `Buy for ${formatMoney(chosen.priceMinor, chosen.currency)} by card` : "Buy by card"}
          </Button>
        </Group>
        {start.isError ? (
          <Alert color="red" role="alert">
            {start.error.message}
          </Alert>
        ) : null}
      </Stack>
    </FamilyPanel>
  );
}

/** What a family can do by card for one account, where the business takes card payments online. */
export function FamilyCardPayments({ account }: { account: FamilyAccount }) {
  const options = useCardPaymentOptions();
  if (!options.data?.available) return null;
  return (
    <>
      <SavedCardPanel accountId={account.id} />
      <BuyPackagePanel account={account} />
    </>
  );
}
