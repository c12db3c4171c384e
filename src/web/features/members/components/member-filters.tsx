import { CloseButton, Group, Select, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { MEMBER_ROLES, MEMBERSHIP_STATUSES, ROLE_LABELS, type MemberRole, type MembershipStatus } from "../../../../shared/roles.ts";
import type { MemberFilters as Filters } from "../api.ts";
import { STATUS_LABELS } from "../format.ts";

const ROLE_OPTIONS = MEMBER_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const STATUS_OPTIONS = MEMBERSHIP_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

/** Options mounted only while open, so that each label names one element (the combobox). */
const SINGLE_LABELLED = { keepMounted: false } as const;

/** Search by name or email (sent after a short pause in typing), and filters by role and status. */
export function MemberFilters({ filters, onChange }: { filters: Filters; onChange: (changes: Partial<Filters>) => void }) {
  const [search, setSearch] = useState(filters.q);
  const send = useDebouncedCallback((q: string) => onChange({ q }), 300);

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
        placeholder="All roles"
        data={ROLE_OPTIONS}
        value={filters.role}
        onChange={(value) => onChange({ role: (value as MemberRole | null) ?? null })}
        clearable
        clearButtonProps={{ "aria-label": "Show all roles" }}
        comboboxProps={SINGLE_LABELLED}
        style={{ flex: "1 1 150px" }}
      />
      <Select
        label="Status"
        placeholder="All statuses"
        data={STATUS_OPTIONS}
        value={filters.status}
        onChange={(value) => onChange({ status: (value as MembershipStatus | null) ?? null })}
        clearable
        clearButtonProps={{ "aria-label": "Show all statuses" }}
        comboboxProps={SINGLE_LABELLED}
        style={{ flex: "1 1 170px" }}
      />
    </Group>
  );
}
