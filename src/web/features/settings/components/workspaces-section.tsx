import { Badge, Button, Group, List, Stack, Text, TextInput } from "@mantine/core";
import type { MeResponse } from "../../../../shared/schemas/me.ts";
import { ROLE_LABELS } from "../../../../shared/roles.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { joinWorkspaceRequestSchema } from "../../../../shared/schemas/workspace.ts";
import { useAskToJoin } from "../../auth/api.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";

/** "Your workspaces": every active membership, and a join code to ask to join another. */
export function WorkspacesSection({ me }: { me: MeResponse }) {
  const askToJoin = useAskToJoin();
  const { form, onSubmit, send, formError } = useApiForm(joinWorkspaceRequestSchema, askToJoin, { mode: "uncontrolled", initialValues: { joinCode: "" } });

  const submit = onSubmit((values) =>
    send(joinWorkspaceRequestSchema.parse(values), () => {
      form.reset();
      notifySuccess("Request sent", "An administrator of that workspace will approve you; we will email you when they do.");
    }),
  );

  return (
    <SectionCard title="Your workspaces" description="The tutoring businesses your account belongs to. Switch between them at the top of the page.">
      <List spacing="xs" listStyleType="none" aria-label="Your workspaces">
        {me.workspaces.map((workspace) => (
          <List.Item key={workspace.id}>
            <Group gap="xs">
              <Text fw={500}>{workspace.name}</Text>
              <Text size="sm" c="dimmed">
                {ROLE_LABELS[workspace.role]}
              </Text>
              {workspace.id === me.activeWorkspace?.id ? (
                <Badge variant="outline" size="sm">
                  Active
                </Badge>
              ) : null}
            </Group>
          </List.Item>
        ))}
      </List>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Join code"
            description="From another tutoring business, to ask to join it."
            autoComplete="off"
            required
            withAsterisk={false}
            key={form.key("joinCode")}
            {...form.getInputProps("joinCode")}
          />
          <FormError error={formError} title="Could not send your request" />
          <Group>
            <Button type="submit" variant="default" loading={askToJoin.isPending}>
              Ask to join
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
