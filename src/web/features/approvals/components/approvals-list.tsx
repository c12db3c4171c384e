import { Badge, Button, Group, Paper, Select, Stack, Table, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { notifySuccess, notifyError } from "../notify.ts";
import { useState } from "react";
import { ROLE_LABELS, type MemberRole } from "../../../../shared/roles.ts";
import type { PendingMember } from "../../../../shared/schemas/workspace.ts";
import { useDateTime } from "../../session/display-time-zone.ts";
import { useApproveMember } from "../api.ts";
import { RejectModal } from "./reject-modal.tsx";

/** The order an admin most often needs, admin last: it grants the most. */
const ROLE_CHOICES: MemberRole[] = ["tutor", "parent", "student", "admin"];
const ROLE_OPTIONS = ROLE_CHOICES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** The request time on short lines (date, then time and zone), so that the column stays narrow. */
function Requested({ at }: { at: string }) {
  const [date, time] = useDateTime().instant(at).split(", ");
  return (
    <time dateTime={at}>
      <Text span size="sm" style={{ whiteSpace: "nowrap" }}>
        {date}
      </Text>
      <br />
      <Text span size="sm">
        {time}
      </Text>
    </time>
  );
}

/** An email address that may wrap only after its "@", never inside a word. */
function Email({ address }: { address: string }) {
  const at = address.indexOf("@");
  if (at < 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}

/**
 * Pending registrations: a table on wide screens, one card per person on narrow ones (a single
 * layout is rendered, so each control exists once). Each row picks a role, then approves or rejects.
 */
export function ApprovalsList({ members }: { members: PendingMember[] }) {
  const wide = useMediaQuery("(min-width: 62em)", true, { getInitialValueInEffect: false });
  const [rejecting, setRejecting] = useState<PendingMember | null>(null);

  return (
    <>
      {wide ? (
        <Table.ScrollContainer minWidth={880}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Caption>
              {members.length === 1 ? "1 registration is" : `${members.length} registrations are`} waiting for approval, oldest first.
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Email</Table.Th>
                <Table.Th scope="col">Email confirmed</Table.Th>
                <Table.Th scope="col">Requested</Table.Th>
                <Table.Th scope="col">Role</Table.Th>
                <Table.Th scope="col">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.map((member) => (
                <ApprovalRow key={member.memberId} member={member} onReject={() => setRejecting(member)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Stack gap="md" component="ul" aria-label="Registrations waiting for approval" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {members.map((member) => (
            <ApprovalCard key={member.memberId} member={member} onReject={() => setRejecting(member)} />
          ))}
        </Stack>
      )}
      <RejectModal member={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}

/** The role chosen for one person and the approve action; Approve waits for a role. */
function useApproval(member: PendingMember) {
  const [role, setRole] = useState<MemberRole | null>(null);
  const approve = useApproveMember();
  const submit = () => {
    if (!role) return;
    approve.mutate(
      { member, role },
      {
        onSuccess: () =>
          notifySuccess(
            "Registration approved",
            `${member.name} is now ${role === "admin" ? "an" : "a"} ${ROLE_LABELS[role].toLowerCase()} in your workspace. They have been emailed.`,
          ),
        onError: (error) => notifyError(`Could not approve ${member.name}`, error.message),
      },
    );
  };
  return { role, setRole, approve: submit, approving: approve.isPending };
}

function RoleSelect({
  member,
  role,
  onChange,
  withLabel,
}: {
  member: PendingMember;
  role: MemberRole | null;
  onChange: (role: MemberRole | null) => void;
  withLabel?: boolean;
}) {
  return (
    <Select
      {...(withLabel ? { label: "Role" } : {})}
      aria-label={`Role for ${member.name}`}
      placeholder="Choose a role"
      data={ROLE_OPTIONS}
      value={role}
      onChange={(value) => onChange(value as MemberRole | null)}
      allowDeselect={false}
      w={withLabel ? undefined : 150}
      // Mounted only while open, so that the label names one element (the combobox), not also a hidden listbox.
      comboboxProps={{ keepMounted: false }}
    />
  );
}

function Actions({
  member,
  role,
  approving,
  onApprove,
  onReject,
}: {
  member: PendingMember;
  role: MemberRole | null;
  approving: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="sm" disabled={!role} loading={approving} aria-label={`Approve ${member.name}`} onClick={onApprove}>
        Approve
      </Button>
      <Button size="sm" variant="outline" color="red" aria-label={`Reject ${member.name}`} onClick={onReject} disabled={approving}>
        Reject
      </Button>
    </Group>
  );
}

function EmailConfirmed({ confirmed }: { confirmed: boolean }) {
  return confirmed ? (
    <Badge color="teal.9" variant="outline">
      Yes
    </Badge>
  ) : (
    <Badge color="gray.7" variant="outline">
      No
    </Badge>
  );
}

function ApprovalRow({ member, onReject }: { member: PendingMember; onReject: () => void }) {
  const { role, setRole, approve, approving } = useApproval(member);
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={600}>
        {member.name}
      </Table.Th>
      <Table.Td>
        <Email address={member.email} />
      </Table.Td>
      <Table.Td>
        <EmailConfirmed confirmed={member.emailVerified} />
      </Table.Td>
      <Table.Td>
        <Requested at={member.requestedAt} />
      </Table.Td>
      <Table.Td>
        <RoleSelect member={member} role={role} onChange={setRole} />
      </Table.Td>
      <Table.Td>
        <Actions member={member} role={role} approving={approving} onApprove={approve} onReject={onReject} />
      </Table.Td>
    </Table.Tr>
  );
}

function ApprovalCard({ member, onReject }: { member: PendingMember; onReject: () => void }) {
  const { instant } = useDateTime();
  const { role, setRole, approve, approving } = useApproval(member);
  return (
    <Paper component="li" withBorder p="md" radius="md">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            {member.name}
          </Title>
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            <Email address={member.email} />
          </Text>
        </div>
        <Group gap="xs">
          <Text size="sm">Email confirmed:</Text>
          <EmailConfirmed confirmed={member.emailVerified} />
        </Group>
        <Text size="sm">
          Requested: <time dateTime={member.requestedAt}>{instant(member.requestedAt)}</time>
        </Text>
        <RoleSelect member={member} role={role} onChange={setRole} withLabel />
        <Actions member={member} role={role} approving={approving} onApprove={approve} onReject={onReject} />
      </Stack>
    </Paper>
  );
}
