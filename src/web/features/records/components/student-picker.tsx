import { Select, type SelectProps } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import type { StudentSummary } from "../../../../shared/schemas/students.ts";
import { useStudentSearch } from "../api.ts";

export interface PickedStudent {
  id: string;
  name: string;
}

const NONE = "none";

const labelOf = (student: StudentSummary) => {
  const details = [student.grade, student.status === "active" ? null : student.status].filter(Boolean).join(", ");
  return details ? `${student.name} (${details})` : student.name;
};

type PickerProps = Omit<SelectProps, "data" | "value" | "onChange" | "searchValue" | "onSearchChange"> & {
  value: PickedStudent | null;
  onChange: (student: PickedStudent | null) => void;
  /** The first option, meaning "no student" (the keyboard cannot reach a clear button). */
  emptyLabel: string;
};

/**
 * Picks one student record of the workspace (admins), searched by name on the server as the
 * admin types. `value` is the picked student (kept even when a later search no longer lists it).
 */
export function StudentPicker({ value, onChange, emptyLabel, ...props }: PickerProps) {
  const [search, setSearch] = useState("");
  const [labels, setLabels] = useState<Record<string, string>>({ [NONE]: emptyLabel });
  const selected = value?.id ?? NONE;
  // While a student is picked, the box shows their label: that is not a search.
  const [debounced] = useDebouncedValue(search === labels[selected] ? "" : search, 250);
  const students = useStudentSearch(debounced);

  const data = useMemo(() => {
    const items = (students.data?.items ?? []).filter((student) => !student.erased).map((student) => ({ value: student.id, label: labelOf(student) }));
    if (value && !items.some((item) => item.value === value.id)) items.unshift({ value: value.id, label: labels[value.id] ?? value.name });
    return [{ value: NONE, label: emptyLabel }, ...items];
  }, [students.data, value, labels, emptyLabel]);

  return (
    <Select
      searchable
      allowDeselect={false}
      data={data}
      value={selected}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id, option) => {
        if (!id || id === NONE) return onChange(null);
        const student = students.data?.items.find((item) => item.id === id);
        setLabels((current) => ({ ...current, [id]: option?.label ?? "" }));
        onChange(student ? { id: student.id, name: student.name } : (value ?? { id, name: option?.label ?? "" }));
      }}
      // The server filters by name; the list shows what it answered.
      filter={({ options }) => options}
      nothingFoundMessage={students.isFetching ? "Searching…" : students.isError ? students.error.message : "No student matches"}
      comboboxProps={{ keepMounted: false }}
      maxDropdownHeight={260}
      {...props}
    />
  );
}
