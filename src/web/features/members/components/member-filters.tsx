import { CloseButton, Group, Select, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { MEMBER_ROLES, MEMBERSHIP_STATUSES, ROLE_LABELS, type MemberRole, type MembershipStatus } from "../../../../shared/roles.ts";
import { STATUS_LABELS } from "../format.ts";

/** "All …" is an option (not only a clear button, which the keyboard cannot reach). */
const ALL = "all";
const ROLE_OPTIONS = [{ value: ALL, label: "All roles" }, ...MEMBER_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))];
const STATUS_OPTIONS = [{ value: ALL, label: "All statuses" }, ...MEMBERSHIP_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))];

/** Options mounted only while open, so that each label names one element (the combobox). */
const SINGLE_LABELLED = { keepMounted: false } as const;

/** Search by name or email (the caller sends it after a short pause in typing), and filters by role and status. */
export function MemberFilters({
  search,
  onSearch,
  onClearSearch,
  role,
  onRole,
  status,
  onStatus,
}: {
  search: string;
  onSearch: (text: string) => void;
  onClearSearch: () => void;
  role: MemberRole | null;
  onRole: (role: MemberRole | null) => void;
  status: MembershipStatus | null;
  onStatus: (status: MembershipStatus | null) => void;
}) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Filter members">
      <TextInput
        label="Search"
        placeholder="Name or email"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        rightSection={search ? <CloseButton aria-label="Clear search" onClick={onClearSearch} /> : null}
        style={{ flex: "1 1 240px" }}
        maxLength={100}
      />
      <Select
        label="Role"
        data={ROLE_OPTIONS}
        value={role ?? ALL}
        onChange={(value) => onRole(value && value !== ALL ? (value as MemberRole) : null)}
        allowDeselect={false}
        comboboxProps={SINGLE_LABELLED}
        style={{ flex: "1 1 150px" }}
      />
      <Select
        label="Status"
        data={STATUS_OPTIONS}
        value={status ?? ALL}
        onChange={(value) => onStatus(value && value !== ALL ? (value as MembershipStatus) : null)}
        allowDeselect={false}
        comboboxProps={SINGLE_LABELLED}
        style={{ flex: "1 1 170px" }}
      />
    </Group>
  );
}
