import { Select, type SelectProps } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { ROLE_LABELS } from "../../../../shared/roles.ts";
import { useMemberSearch } from "../api.ts";

export interface PickedMember {
  userId: string;
  name: string;
}

const NONE = "none";

type PickerProps = Omit<SelectProps, "data" | "value" | "onChange" | "searchValue" | "onSearchChange"> & {
  value: PickedMember | null;
  onChange: (member: PickedMember | null) => void;
  /** The first option, meaning "no one in particular" (the keyboard cannot reach a clear button). */
  emptyLabel: string;
};

/** Picks one member of the workspace by their account (user id), searched on the server by name or email. */
export function MemberPicker({ value, onChange, emptyLabel, ...props }: PickerProps) {
  const [search, setSearch] = useState("");
  const [labels, setLabels] = useState<Record<string, string>>({ [NONE]: emptyLabel });
  const selected = value?.userId ?? NONE;
  // While a member is picked, the box shows their label: that is not a search.
  const [debounced] = useDebouncedValue(search === labels[selected] ? "" : search, 250);
  const members = useMemberSearch(debounced);

  const data = useMemo(() => {
    const items = (members.data?.items ?? []).map((member) => ({ value: member.userId, label: `${member.name} (${ROLE_LABELS[member.role]})` }));
    if (value && !items.some((item) => item.value === value.userId)) items.unshift({ value: value.userId, label: labels[value.userId] ?? value.name });
    return [{ value: NONE, label: emptyLabel }, ...items];
  }, [members.data, value, labels, emptyLabel]);

  return (
    <Select
      searchable
      allowDeselect={false}
      data={data}
      value={selected}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(userId, option) => {
        if (!userId || userId === NONE) return onChange(null);
        const member = members.data?.items.find((item) => item.userId === userId);
        setLabels((current) => ({ ...current, [userId]: option?.label ?? "" }));
        onChange(member ? { userId, name: member.name } : (value ?? { userId, name: option?.label ?? "" }));
      }}
      filter={({ options }) => options}
      nothingFoundMessage={members.isFetching ? "Searching…" : members.isError ? members.error.message : "No member matches"}
      comboboxProps={{ keepMounted: false }}
      maxDropdownHeight={260}
      {...props}
    />
  );
}
