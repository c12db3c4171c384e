import type { SelectProps } from "@mantine/core";
import type { StudentSummary } from "../../../../shared/schemas/students.ts";
import { SearchSelect, usePickerSearch, type Picked } from "../../../components/ui/search-select.tsx";
import { useStudentSearch } from "../api.ts";

export type PickedStudent = Picked;

const labelOf = (student: StudentSummary) => {
  const details = [student.grade, student.status === "active" ? null : student.status].filter(Boolean).join(", ");
  return details ? `${student.name} (${details})` : student.name;
};

type PickerProps = Omit<SelectProps, "data" | "value" | "onChange" | "searchValue" | "onSearchChange"> & {
  value: PickedStudent | null;
  onChange: (student: PickedStudent | null) => void;
  emptyLabel: string;
};

/** Picks one student record of the workspace (admins), searched by name on the server as the admin types. */
export function StudentPicker({ value, emptyLabel, ...props }: PickerProps) {
  const picker = usePickerSearch(value, emptyLabel);
  const students = useStudentSearch(picker.query);
  const options = (students.data?.items ?? [])
    .filter((student) => !student.erased)
    .map((student) => ({ id: student.id, name: student.name, label: labelOf(student) }));
  return <SearchSelect picker={picker} value={value} emptyLabel={emptyLabel} options={options} state={students} nothingFound="No student matches" {...props} />;
}
