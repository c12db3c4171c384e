import { EmptyState } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { useStudentList } from "../../features/records/api.ts";
import { StudentCards } from "../../features/students/components/student-cards.tsx";
import { metaFor } from "../../lib/meta.ts";

export const meta = () => metaFor("/tutor/students");

/** The students assigned to the tutor now (an ended assignment no longer shows). */
export default function TutorStudents() {
  const students = useStudentList("tutor");
  return (
    <>
      <PageHeader title="My students" description="The students assigned to you. Opening a record is recorded in its access log, which the family can see." />
      <QueryState query={students} label="your students">
        {(items) =>
          items.length === 0 ? (
            <EmptyState
              py="xl"
              withIndicatorBackground
              icon={<IconUsers size={28} aria-hidden="true" />}
              title="No student is assigned to you yet."
              description="An admin of your workspace assigns students to you, with a subject. They appear here as soon as the assignment starts."
            />
          ) : (
            <StudentCards students={items} area="tutor" />
          )
        }
      </QueryState>
    </>
  );
}
