import { CloseButton, Group, Select, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { MEMBER_ROLES, MEMBERSHIP_STATUSES, ROLE_LABELS, type MemberRole, type MembershipStatus } from "../../../../shared/roles.ts";
import type { MemberFilters as Filters } from "../api.ts";
import { STATUS_LABELS } from "../format.ts";

/** "All …" is an option (not only a clear button, which the keyboard cannot reach). */
const ALL = "all";
const ROLE_OPTIONS = [{ value: ALL, label: "All roles" }, ...MEMBER_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))];
const STATUS_OPTIONS = [{ value: ALL, label: "All statuses" }, ...MEMBERSHIP_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))];

/** Options mounted only while open, so that each label names one element (the combobox). */
const SINGLE_LABELLED = { keepMounted: false } as const;

/** Search by name or email (sent after a short pause in typing), and filters by role and status. */
export function MemberFilters({ filters, onChange }: { filters: Filters; onChange: (changes: Partial<Filters>) => void }) {
  const [search, setSearch] = useState(filters.q);
  // What this box last sent: a search that changes otherwise (cleared elsewhere, Back) is shown here too.
  const [sent, setSent] = useState(filters.q);
  if (filters.q !== sent && filters.q !== search) {
    setSent(filters.q);
    setSearch(filters.q);
  }
  const send = useDebouncedCallback((q: string) => {
    setSent(q);
    onChange({ q });
  }, 300);

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Filter members">
      <TextInput
        label="Search"
        placeholder="Name or email"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          send(event.currentTarget.value);
        }}
        rightSection={
          search ? (
            <CloseButton
              aria-label="Clear search"
              onClick={() => {
                setSearch("");
                setSent("");
                onChange({ q: "" });
              }}
            />
          ) : null
        }
        style={{ flex: "1 1 240px" }}
        maxLength={100}
      />
      <Select
        label="Role"
        data={ROLE_OPTIONS}
        value={filters.role ?? ALL}
        onChange={(value) => onChange({ role: value && value !== ALL ? (value as MemberRole) : null })}
        allowDeselect={false}
        comboboxProps={SINGLE_LABELLED}
        style={{ flex: "1 1 150px" }}
      />
      <Select
        label="Status"
        data={STATUS_OPTIONS}
        value={filters.status ?? ALL}
        onChange={(value) => onChange({ status: value && value !== ALL ? (value as MembershipStatus) : null })}
        allowDeselect={false}
        comboboxProps={SINGLE_LABELLED}
        style={{ flex: "1 1 170px" }}
      />
    </Group>
  );
}
