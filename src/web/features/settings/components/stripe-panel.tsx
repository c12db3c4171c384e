import { Alert, Badge, Button, Code, CopyButton, Divider, Group, List, PasswordInput, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { stripeKeysUpdateSchema, type StripeConnection } from "../../../../shared/schemas/online-payments.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { notifySuccess } from "../../../lib/notify.ts";
import { AdminConfirm } from "../../billing/components/admin-confirm.tsx";
import { useRemoveStripeKeys, useSetStripeKeys, useStripeConnection } from "../../billing/settings-api.ts";

/**
 * Online payments: whose Stripe keys take the workspace's card payments, the webhook endpoint to
 * register in Stripe's dashboard, and the form to set or remove the workspace's own keys. The
 * keys go to the server once and never come back: the screen shows their kind and last four.
 */
export function StripePanel() {
  const connection = useStripeConnection();
  return (
    <Stack gap="sm" mt="md">
      <Divider />
      <Title order={3} size="h4">
        Online payments (Stripe)
      </Title>
      <Text size="sm" c="dimmed">
        With Stripe keys, families pay invoices and buy packages by card; without them they see how to pay you instead.
      </Text>
      <QueryState query={connection} label="the Stripe connection">
        {(data) => <StripeConnectionView connection={data} />}
      </QueryState>
    </Stack>
  );
}

const SOURCE_WORDS: Record<StripeConnection["source"], string> = {
  workspace: "This workspace's own keys",
  environment: "The keys of this Glassroom installation",
  none: "No keys: card payments are off",
};

function StripeConnectionView({ connection }: { connection: StripeConnection }) {
  const [confirmOpened, confirm] = useDisclosure(false);
  const remove = useRemoveStripeKeys();
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text fw={600}>{SOURCE_WORDS[connection.source]}</Text>
        {connection.mode ? (
          <Badge variant="outline" color={connection.mode === "live" ? "teal" : "blue"} tt="none">
            {connection.mode === "live" ? "Live mode" : "Test mode"}
          </Badge>
        ) : null}
        {connection.secretKeyHint ? <Code>{connection.secretKeyHint}</Code> : null}
      </Group>
      {connection.unreadable ? (
        <Alert color="red" title="The saved keys cannot be read">
          The server's secret changed since they were saved, so card payments are off. Enter the keys again below.
        </Alert>
      ) : null}
      <Text size="sm">In Stripe's dashboard, add a webhook endpoint with this address, sending these events, and paste its signing secret below:</Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code style={{ overflowWrap: "anywhere" }}>{connection.webhookUrl}</Code>
        <CopyButton value={connection.webhookUrl}>
          {({ copied, copy }) => (
            <>
              <Button
                variant="default"
                size="compact-sm"
                onClick={copy}
                leftSection={copied ? <IconCheck size={14} aria-hidden="true" /> : <IconCopy size={14} aria-hidden="true" />}
              >
                {copied ? "Copied" : "Copy address"}
              </Button>
              <VisuallyHidden role="status">{copied ? "Webhook address copied" : ""}</VisuallyHidden>
            </>
          )}
        </CopyButton>
      </Group>
      <List size="sm" spacing={2}>
        {connection.webhookEvents.map((event) => (
          <List.Item key={event}>
            <Code>{event}</Code>
          </List.Item>
        ))}
      </List>
      <StripeKeysForm replacing={connection.source === "workspace"} />
      {connection.source === "workspace" ? (
        <Group>
          <Button variant="default" color="red" onClick={confirm.open}>
            Remove this workspace's keys
          </Button>
        </Group>
      ) : null}
      <AdminConfirm
        opened={confirmOpened}
        onClose={confirm.close}
        title="Remove the Stripe keys?"
        confirmLabel="Remove keys"
        danger
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              confirm.close();
              notifySuccess("Stripe keys removed", "The installation's keys apply, if it has any.");
            },
          })
        }
      >
        Families will no longer pay by card with this workspace's keys (the installation's keys apply if it has any).
      </AdminConfirm>
    </Stack>
  );
}

function StripeKeysForm({ replacing }: { replacing: boolean }) {
  const save = useSetStripeKeys();
  const { form, onSubmit, send, formError } = useApiForm(stripeKeysUpdateSchema, save, { initialValues: { secretKey: "", webhookSecret: "" } });
  const submit = onSubmit((keys) =>
    send(keys, (saved) => {
      form.reset();
      notifySuccess("Stripe keys saved", `${saved.mode === "live" ? "Live" : "Test"} mode, ${saved.secretKeyHint ?? ""}`);
    }),
  );
  return (
    <form method="post" onSubmit={submit} noValidate aria-label="Stripe keys">
      <Stack gap="sm">
        <PasswordInput
          label="Secret key"
          description="From Stripe's dashboard, Developers → API keys: sk_live_… or sk_test_… (a restricted key rk_… works too)."
          autoComplete="off"
          {...form.getInputProps("secretKey")}
        />
        <PasswordInput
          label="Webhook signing secret"
          description="The endpoint's signing secret, whsec_…, shown once you add the endpoint above."
          autoComplete="off"
          {...form.getInputProps("webhookSecret")}
        />
        <FormError error={formError} title="Could not save the Stripe keys" />
        <Group>
          <Button type="submit" variant="light" loading={save.isPending}>
            {replacing ? "Replace the keys" : "Save the keys"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
