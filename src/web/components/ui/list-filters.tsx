import { Group, Select, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";

/**
 * The filters of a server-paginated list: a search box and a status select whose first option
 * ("Any status") means no filter, a real option rather than a clear button (which the
 * keyboard cannot reach).
 */
export function SearchAndStatusFilters<S extends string>({
  label,
  searchLabel,
  placeholder,
  search,
  onSearch,
  status,
  onStatus,
  statuses,
  selectLabel = "Status",
  anyLabel = "Any status",
}: {
  /** The search landmark's name, e.g. "Find students". */
  label: string;
  searchLabel: string;
  placeholder: string;
  search: string;
  onSearch: (text: string) => void;
  status: S | null;
  onStatus: (status: S | null) => void;
  statuses: readonly { value: S; label: string }[];
  /** The select's label and its no-filter option, when it filters by something else than a status. */
  selectLabel?: string;
  anyLabel?: string;
}) {
  return (
    <Group gap="md" align="flex-end" role="search" aria-label={label}>
      <TextInput
        label={searchLabel}
        type="search"
        placeholder={placeholder}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        maxLength={100}
        style={{ flex: "1 1 16rem" }}
      />
      <Select
        label={selectLabel}
        data={[{ value: "any", label: anyLabel }, ...statuses]}
        value={status ?? "any"}
        onChange={(value) => onStatus(value && value !== "any" ? (value as S) : null)}
        allowDeselect={false}
        w={{ base: "100%", xs: 200 }}
      />
    </Group>
  );
}
