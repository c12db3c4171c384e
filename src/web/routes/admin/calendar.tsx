import { SimpleGrid, Select } from "@mantine/core";
import { useAdminStudentOptions } from "../../features/calendar/api.ts";
import { CalendarScreen } from "../../features/calendar/components/calendar-screen.tsx";
import { useTutorOptions } from "../../features/tutors/api.ts";
import { metaFor } from "../../lib/meta.ts";
import { useUrlSearchParams } from "../../lib/url-search-params.ts";

export const meta = () => metaFor("/admin/calendar");

/** Every session of the workspace, filtered by tutor and by student (kept in the URL). */
export default function AdminCalendar() {
  const [params, setParams] = useUrlSearchParams();
  const tutorMemberId = params.get("tutor");
  const studentId = params.get("student");
  const tutors = useTutorOptions("", true);
  const students = useAdminStudentOptions(true);
  const setFilter = (name: "tutor" | "student", value: string | null) =>
    setParams(
      (next) => {
        if (value) next.set(name, value);
        else next.delete(name);
      },
      { replace: true },
    );

  const filters = (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" maw={640}>
      <Select
        label="Tutor"
        placeholder="All tutors"
        data={(tutors.data?.items ?? []).map((tutor) => ({
          value: tutor.memberId,
          label: tutor.name,
        }))}
        value={tutorMemberId}
        onChange={(value) => setFilter("tutor", value)}
        searchable
        clearable
        clearButtonProps={{ "aria-label": "Show every tutor" }}
        nothingFoundMessage="No tutor found"
        comboboxProps={{ keepMounted: false }}
      />
      <Select
        label="Student"
        placeholder="All students"
        data={(students.data?.items ?? []).map((student) => ({
          value: student.id,
          label: student.name,
        }))}
        value={studentId}
        onChange={(value) => setFilter("student", value)}
        searchable
        clearable
        clearButtonProps={{ "aria-label": "Show every student" }}
        nothingFoundMessage="No student found"
        comboboxProps={{ keepMounted: false }}
      />
    </SimpleGrid>
  );

  return (
    <CalendarScreen
      area="admin"
      title="Calendar"
      description="Every session of your workspace. Filter by tutor or student, open a session, or schedule one."
      filters={{ tutorMemberId, studentId }}
      toolbar={filters}
    />
  );
}
