import { EmptyState } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { useStudentList } from "../../features/records/api.ts";
import { StudentCards } from "../../features/students/components/student-cards.tsx";
import { metaFor } from "../../lib/meta.ts";

export const meta = () => metaFor("/parent/students");

/** The parent's children: one card each, leading to the record and its access log. */
export default function ParentStudents() {
  const students = useStudentList("parent");
  return (
    <>
      <PageHeader title="My students" description="Your children's records, and who looked at or changed them." />
      <QueryState query={students} label="your students">
        {(items) =>
          items.length === 0 ? (
            <EmptyState
              py="xl"
              withIndicatorBackground
              icon={<IconUsers size={28} aria-hidden="true" />}
              title="No child is linked to your account yet."
              description="Your tutoring business links each child to you: they send you an invitation for your child, or an admin adds you as your child's guardian. Ask them if your child is missing."
            />
          ) : (
            <StudentCards students={items} area="parent" />
          )
        }
      </QueryState>
    </>
  );
}
