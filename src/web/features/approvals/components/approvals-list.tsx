import { Badge, Button, Group, Select, Stack, Text, Title } from "@mantine/core";
import { notifySuccess, notifyError } from "../../../lib/notify.ts";
import { useState } from "react";
import { ROLE_LABELS, type MemberRole } from "../../../../shared/roles.ts";
import type { PendingMember } from "../../../../shared/schemas/workspace.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
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
 * Pending registrations: a table on wide screens, one card per person on narrow ones. Each row
 * picks a role, then approves or rejects.
 */
export function ApprovalsList({ members }: { members: PendingMember[] }) {
  const [rejecting, setRejecting] = useState<PendingMember | null>(null);
  // The role chosen for each person; Approve waits for one.
  const [roles, setRoles] = useState<Record<string, MemberRole | null>>({});
  const roleOf = (member: PendingMember) => roles[member.memberId] ?? null;
  const choose = (member: PendingMember) => (role: MemberRole | null) => setRoles((current) => ({ ...current, [member.memberId]: role }));

  const columns: DataColumn<PendingMember>[] = [
    { header: "Name", rowHeader: true, cell: (member) => member.name },
    { header: "Email", cell: (member) => <Email address={member.email} /> },
    { header: "Email confirmed", cell: (member) => <EmailConfirmed confirmed={member.emailVerified} /> },
    { header: "Requested", cell: (member) => <Requested at={member.requestedAt} /> },
    { header: "Role", cell: (member) => <RoleSelect member={member} role={roleOf(member)} onChange={choose(member)} /> },
    { header: "Actions", cell: (member) => <Actions member={member} role={roleOf(member)} onReject={() => setRejecting(member)} /> },
  ];

  return (
    <>
      <DataTable
        rows={members}
        columns={columns}
        rowKey={(member) => member.memberId}
        caption={`${members.length === 1 ? "1 registration is" : `${members.length} registrations are`} waiting for approval, oldest first.`}
        listLabel="Registrations waiting for approval"
        card={(member) => <ApprovalCard member={member} role={roleOf(member)} onRole={choose(member)} onReject={() => setRejecting(member)} />}
        minWidth={880}
        highlightOnHover
      />
      <RejectModal member={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}

/** Approves the person with the role chosen, and says so. */
function useApproval(member: PendingMember, role: MemberRole | null) {
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
  return { approve: submit, approving: approve.isPending };
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

function Actions({ member, role, onReject }: { member: PendingMember; role: MemberRole | null; onReject: () => void }) {
  const { approve, approving } = useApproval(member, role);
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="sm" disabled={!role} loading={approving} aria-label={`Approve ${member.name}`} onClick={approve}>
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
    <Badge color="teal" variant="outline">
      Yes
    </Badge>
  ) : (
    <Badge color="gray" variant="outline">
      No
    </Badge>
  );
}

function ApprovalCard({
  member,
  role,
  onRole,
  onReject,
}: {
  member: PendingMember;
  role: MemberRole | null;
  onRole: (role: MemberRole | null) => void;
  onReject: () => void;
}) {
  const { instant } = useDateTime();
  return (
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
      <RoleSelect member={member} role={role} onChange={onRole} withLabel />
      <Actions member={member} role={role} onReject={onReject} />
    </Stack>
  );
}
