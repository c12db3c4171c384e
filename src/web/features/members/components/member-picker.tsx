import { Select, type SelectProps } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { ROLE_LABELS } from "../../../../shared/roles.ts";
import { useMemberSearch } from "../api.ts";

export interface PickedMember {
  userId: string;
  name: string;
}

type PickerProps = Omit<SelectProps, "data" | "value" | "onChange" | "searchValue" | "onSearchChange"> & {
  value: PickedMember | null;
  onChange: (member: PickedMember | null) => void;
};

/** Picks one member of the workspace by their account (user id), searched on the server by name or email. */
export function MemberPicker({ value, onChange, ...props }: PickerProps) {
  const [search, setSearch] = useState("");
  const [labels, setLabels] = useState<Record<string, string>>({});
  // While a member is picked, the box shows their label: that is not a search.
  const [debounced] = useDebouncedValue(value && search === labels[value.userId] ? "" : search, 250);
  const members = useMemberSearch(debounced);

  const data = useMemo(() => {
    const items = (members.data?.items ?? []).map((member) => ({ value: member.userId, label: `${member.name} (${ROLE_LABELS[member.role]})` }));
    if (value && !items.some((item) => item.value === value.userId)) items.unshift({ value: value.userId, label: labels[value.userId] ?? value.name });
    return items;
  }, [members.data, value, labels]);

  return (
    <Select
      searchable
      clearable
      clearButtonProps={{ "aria-label": "Clear the person" }}
      data={data}
      value={value?.userId ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(userId, option) => {
        if (!userId) return onChange(null);
        const member = members.data?.items.find((item) => item.userId === userId);
        setLabels((current) => ({ ...current, [userId]: option?.label ?? "" }));
        onChange(member ? { userId, name: member.name } : (value ?? { userId, name: option?.label ?? "" }));
      }}
      filter={({ options }) => options}
      nothingFoundMessage={members.isFetching ? "Searching…" : members.isError ? members.error.message : "No member matches"}
      placeholder="Type a name or email"
      comboboxProps={{ keepMounted: false }}
      maxDropdownHeight={260}
      {...props}
    />
  );
}
