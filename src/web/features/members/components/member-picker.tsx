import type { SelectProps } from "@mantine/core";
import { ROLE_LABELS } from "../../../../shared/roles.ts";
import { SearchSelect, usePickerSearch, type Picked } from "../../../components/ui/search-select.tsx";
import { useMemberSearch } from "../api.ts";

/** A member picked by their account: `id` is the user id. */
export type PickedMember = Picked;

type PickerProps = Omit<SelectProps, "data" | "value" | "onChange" | "searchValue" | "onSearchChange"> & {
  value: PickedMember | null;
  onChange: (member: PickedMember | null) => void;
  emptyLabel: string;
};

/** Picks one member of the workspace by their account (user id), searched on the server by name or email. */
export function MemberPicker({ value, emptyLabel, ...props }: PickerProps) {
  const picker = usePickerSearch(value, emptyLabel);
  const members = useMemberSearch(picker.query);
  const options = (members.data?.items ?? []).map((member) => ({
    id: member.userId,
    name: member.name,
    label: `${member.name} (${ROLE_LABELS[member.role]})`,
  }));
  return <SearchSelect picker={picker} value={value} emptyLabel={emptyLabel} options={options} state={members} nothingFound="No member matches" {...props} />;
}
