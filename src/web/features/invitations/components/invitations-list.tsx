import { Alert, Badge, Button, EmptyState, Group, Modal, Stack, Text, Title } from "@mantine/core";
import { IconMailForward } from "@tabler/icons-react";
import { useState } from "react";
import { ROLE_LABELS } from "../../../../shared/roles.ts";
import type { Invitation } from "../../../../shared/schemas/members.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { useResendInvitation, useRevokeInvitation } from "../api.ts";
import { STATE_COLORS, STATE_LABELS } from "../format.ts";
import { Instant } from "../../../components/ui/instant.tsx";
import { useDateTime } from "../../session/display-time-zone.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";

function StateBadge({ invitation }: { invitation: Invitation }) {
  return (
    <Badge color={STATE_COLORS[invitation.state]} variant="outline" style={{ flexShrink: 0 }} styles={{ label: { overflow: "visible" } }}>
      {STATE_LABELS[invitation.state]}
    </Badge>
  );
}

/** When it was sent and by whom, and what became of it. */
function History({ invitation }: { invitation: Invitation }) {
  return (
    <Text size="sm">
      Sent <Instant at={invitation.sentAt} />
      {invitation.invitedByName ? ` by ${invitation.invitedByName}` : ""}
      {invitation.state === "accepted" && invitation.acceptedAt ? (
        <>
          {" "}
          · accepted <Instant at={invitation.acceptedAt} />
        </>
      ) : null}
      {invitation.state === "pending" ? (
        <>
          {" "}
          · expires <Instant at={invitation.expiresAt} />
        </>
      ) : null}
      {invitation.state === "expired" ? (
        <>
          {" "}
          · expired <Instant at={invitation.expiresAt} />
        </>
      ) : null}
    </Text>
  );
}

function Actions({ invitation, onRevoke }: { invitation: Invitation; onRevoke: () => void }) {
  const resend = useResendInvitation();
  const { instant } = useDateTime();
  const canResend = invitation.state === "pending" || invitation.state === "expired";
  if (!canResend) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="compact-sm"
        variant="light"
        loading={resend.isPending}
        aria-label={`Resend the invitation to ${invitation.email}`}
        onClick={() =>
          resend.mutate(invitation, {
            onSuccess: (sent) => notifySuccess("Invitation resent", `${sent.email} was emailed a new link. It expires on ${instant(sent.expiresAt)}.`),
            onError: (error) => notifyError(`Could not resend to ${invitation.email}`, error.message),
          })
        }
      >
        Resend
      </Button>
      {invitation.state === "pending" ? (
        <Button size="compact-sm" variant="outline" color="red" aria-label={`Revoke the invitation to ${invitation.email}`} onClick={onRevoke}>
          Revoke
        </Button>
      ) : null}
    </Group>
  );
}

/** The invitations sent, newest first: state, resend and revoke. */
export function InvitationsList({ invitations, onInvite }: { invitations: Invitation[]; onInvite: () => void }) {
  const [revoking, setRevoking] = useState<Invitation | null>(null);

  const empty = (
    <EmptyState
      py="lg"
      withIndicatorBackground
      icon={<IconMailForward size={28} aria-hidden="true" />}
      title="No invitations yet."
      description={
        <>
          Invite tutors, parents and students by email: they join with the role you choose, without waiting for approval.{" "}
          <Button variant="subtle" size="compact-sm" onClick={onInvite}>
            Invite someone
          </Button>
        </>
      }
    />
  );

  const columns: DataColumn<Invitation>[] = [
    { header: "Email", rowHeader: true, cell: (invitation) => <span style={{ overflowWrap: "anywhere" }}>{invitation.email}</span> },
    { header: "Role", cell: (invitation) => ROLE_LABELS[invitation.role] },
    {
      header: "Student",
      cell: (invitation) =>
        invitation.studentName ?? (
          <Text span c="dimmed" size="sm">
            None
          </Text>
        ),
    },
    { header: "State", minWidth: 110, cell: (invitation) => <StateBadge invitation={invitation} /> },
    { header: "History", cell: (invitation) => <History invitation={invitation} /> },
    { header: "Actions", cell: (invitation) => <Actions invitation={invitation} onRevoke={() => setRevoking(invitation)} /> },
  ];

  return (
    <>
      <DataTable
        rows={invitations}
        columns={columns}
        rowKey={(invitation) => invitation.id}
        caption={`${invitations.length === 1 ? "1 invitation" : `${invitations.length} invitations`}, newest first.`}
        listLabel="Invitations"
        card={(invitation) => <InvitationCard invitation={invitation} onRevoke={() => setRevoking(invitation)} />}
        minWidth={760}
        empty={empty}
      />
      <RevokeModal invitation={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}

function InvitationCard({ invitation, onRevoke }: { invitation: Invitation; onRevoke: () => void }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Title order={3} size="h5" style={{ overflowWrap: "anywhere", minWidth: 0 }}>
          {invitation.email}
        </Title>
        <StateBadge invitation={invitation} />
      </Group>
      <Text size="sm">
        {ROLE_LABELS[invitation.role]}
        {invitation.studentName ? ` for ${invitation.studentName}` : ""}
      </Text>
      <History invitation={invitation} />
      <Actions invitation={invitation} onRevoke={onRevoke} />
    </Stack>
  );
}

function RevokeModal({ invitation, onClose }: { invitation: Invitation | null; onClose: () => void }) {
  const revoke = useRevokeInvitation();
  const close = () => {
    revoke.reset();
    onClose();
  };
  return (
    <Modal opened={invitation !== null} onClose={close} title="Revoke this invitation?" closeButtonProps={{ "aria-label": "Close" }} centered>
      {invitation ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            revoke.mutate(invitation, {
              onSuccess: () => {
                close();
                notifySuccess("Invitation revoked", `The link sent to ${invitation.email} no longer works.`);
              },
            });
          }}
        >
          <Stack gap="md">
            <Text size="sm">The link sent to {invitation.email} stops working at once. You can invite them again later.</Text>
            {revoke.error ? (
              <Alert color="red" role="alert" title="Not revoked">
                {revoke.error.message}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={revoke.isPending}>
                Revoke invitation
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
