import { Alert, Button, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { MEMBER_ROLES, ROLE_LABELS, type MemberRole } from "../../../../shared/roles.ts";
import type { MemberSummary } from "../../../../shared/schemas/members.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { useChangeMemberRole, useReactivateMember, useRemoveMember, useSuspendMember } from "../api.ts";
import { withArticle } from "../format.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import type { MemberAction } from "./member-actions.tsx";

export interface PendingAction {
  member: MemberSummary;
  action: MemberAction;
}

const TITLES: Record<MemberAction, (name: string) => string> = {
  role: (name) => `Change ${name}'s role`,
  suspend: (name) => `Suspend ${name}?`,
  reactivate: (name) => `Reactivate ${name}?`,
  remove: (name) => `Remove ${name}?`,
};

/** The confirmation of one action on a member; a refusal (such as the last admin) stays in the dialog. */
export function MemberActionModal({ pending, onClose }: { pending: PendingAction | null; onClose: () => void }) {
  return (
    <Modal
      opened={pending !== null}
      onClose={onClose}
      title={pending ? TITLES[pending.action](pending.member.name) : "Member"}
      closeButtonProps={{ "aria-label": "Close" }}
      centered
    >
      {pending ? <ActionBody key={`${pending.member.memberId}-${pending.action}`} pending={pending} onClose={onClose} /> : null}
    </Modal>
  );
}

function ActionBody({ pending, onClose }: { pending: PendingAction; onClose: () => void }) {
  switch (pending.action) {
    case "role":
      return <ChangeRole member={pending.member} onClose={onClose} />;
    case "suspend":
      return <Suspend member={pending.member} onClose={onClose} />;
    case "reactivate":
      return <Reactivate member={pending.member} onClose={onClose} />;
    case "remove":
      return <Remove member={pending.member} onClose={onClose} />;
  }
}

/** A refusal from the server, in words, with a title saying what did not happen. */
function Refusal({ error, title }: { error: Error | null; title: string }) {
  if (!error) return null;
  const conflict = error instanceof ApiError && error.status === 409;
  return (
    <Alert color="red" role="alert" title={conflict ? `${title}: refused` : title}>
      {error.message}
    </Alert>
  );
}

function Buttons({ onClose, confirm, loading, color }: { onClose: () => void; confirm: string; loading: boolean; color?: string }) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onClose}>
        Cancel
      </Button>
      <Button type="submit" loading={loading} {...(color ? { color } : {})}>
        {confirm}
      </Button>
    </Group>
  );
}

const ROLE_NOTES: Record<MemberRole, string> = {
  admin: "Admins see and change everything in the workspace, including members, students and billing.",
  tutor: "Tutors see only the students assigned to them.",
  parent: "Parents see only the students they are linked to as guardian.",
  student: "Students see only their own record.",
};

function ChangeRole({ member, onClose }: { member: MemberSummary; onClose: () => void }) {
  const change = useChangeMemberRole();
  const [role, setRole] = useState<MemberRole>(member.role);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const options = MEMBER_ROLES.map((value) => ({ value, label: value === member.role ? `${ROLE_LABELS[value]} (current)` : ROLE_LABELS[value] }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (role === member.role) {
      setFieldError(`${member.name} is already ${withArticle(ROLE_LABELS[role].toLowerCase())}. Choose another role.`);
      return;
    }
    change.mutate(
      { member, role },
      {
        onSuccess: (saved) => {
          onClose();
          notifySuccess("Role changed", `${saved.name} is now ${withArticle(ROLE_LABELS[saved.role].toLowerCase())}.`);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {member.name} ({member.email}) is {withArticle(ROLE_LABELS[member.role].toLowerCase())}. What they can see changes at once.
        </Text>
        <Select
          label="New role"
          data={options}
          value={role}
          onChange={(value) => {
            if (value) setRole(value as MemberRole);
            setFieldError(null);
          }}
          allowDeselect={false}
          error={fieldError ?? (change.error instanceof ApiError ? change.error.fieldMessage("role") : undefined)}
          description={ROLE_NOTES[role]}
          comboboxProps={{ keepMounted: false }}
          data-autofocus
        />
        <Refusal error={change.error instanceof ApiError && change.error.fieldMessage("role") ? null : change.error} title="Role not changed" />
        <Buttons onClose={onClose} confirm="Change role" loading={change.isPending} />
      </Stack>
    </form>
  );
}

function Suspend({ member, onClose }: { member: MemberSummary; onClose: () => void }) {
  const suspend = useSuspendMember();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    suspend.mutate(member, {
      onSuccess: () => {
        onClose();
        notifySuccess("Member suspended", `${member.name} is signed out and cannot sign in to this workspace until you reactivate them.`);
      },
    });
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm">
          {member.name} ({member.email}) is signed out of this workspace at once and cannot sign in to it until an admin reactivates them. Nothing is deleted.
        </Text>
        <Refusal error={suspend.error} title="Not suspended" />
        <Buttons onClose={onClose} confirm="Suspend" loading={suspend.isPending} color="red" />
      </Stack>
    </form>
  );
}

function Reactivate({ member, onClose }: { member: MemberSummary; onClose: () => void }) {
  const reactivate = useReactivateMember();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reactivate.mutate(member, {
      onSuccess: () => {
        onClose();
        notifySuccess("Member reactivated", `${member.name} can sign in again as ${withArticle(ROLE_LABELS[member.role].toLowerCase())}.`);
      },
    });
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm">
          {member.name} ({member.email}) can sign in again, as {withArticle(ROLE_LABELS[member.role].toLowerCase())}.
        </Text>
        <Refusal error={reactivate.error} title="Not reactivated" />
        <Buttons onClose={onClose} confirm="Reactivate" loading={reactivate.isPending} />
      </Stack>
    </form>
  );
}

function Remove({ member, onClose }: { member: MemberSummary; onClose: () => void }) {
  const remove = useRemoveMember();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate(member, {
      onSuccess: () => {
        onClose();
        notifySuccess("Member removed", `${member.name} is no longer in this workspace.`);
      },
    });
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm">
          {member.name} ({member.email}) leaves this workspace and is signed out of it. Their guardian links and tutor assignments here end. Their account
          stays, and the audit log keeps what they did.
        </Text>
        <Refusal error={remove.error} title="Not removed" />
        <Buttons onClose={onClose} confirm="Remove member" loading={remove.isPending} color="red" />
      </Stack>
    </form>
  );
}
