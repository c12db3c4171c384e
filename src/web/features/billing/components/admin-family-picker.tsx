import type { SelectProps } from "@mantine/core";
import { SearchSelect, usePickerSearch, type Picked } from "../../../components/ui/search-select.tsx";
import { useAccounts } from "../admin-api.ts";

/** One family picked from a search of the workspace's billing accounts (by family or student name). */
export function AdminFamilyPicker({
  value,
  onChange,
  emptyLabel,
  ...props
}: Omit<SelectProps, "value" | "onChange" | "data"> & { value: Picked | null; onChange: (picked: Picked | null) => void; emptyLabel: string }) {
  const picker = usePickerSearch(value, emptyLabel);
  const accounts = useAccounts(picker.query, 1);
  const options = (accounts.data?.items ?? []).map((account) => ({
    id: account.id,
    name: account.name,
    // The students are named when they say more than the family's name does.
    label: account.students.some((student) => student.name !== account.name)
      ? `${account.name} (${account.students.map((student) => student.name).join(", ")})`
      : account.name,
  }));
  return (
    <SearchSelect
      picker={picker}
      value={value}
      onChange={onChange}
      emptyLabel={emptyLabel}
      options={options}
      state={accounts}
      nothingFound="No family matches."
      {...props}
    />
  );
}
