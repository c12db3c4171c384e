import { Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { useStudentList, type RecordArea } from "../../records/api.ts";
import { StudentCards } from "./student-cards.tsx";

/** How many students the dashboard shows before "See all". */
const SHOWN = 6;

/** A tutor's assigned students, or a parent's children, on their dashboard: the first few, with the way to all of them. */
export function DashboardStudents({ viewer }: { viewer: RecordArea }) {
  const students = useStudentList(viewer);
  const title = viewer === "tutor" ? "Your students" : "Your children";
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Anchor component={Link} to={`/${viewer}/students`} size="sm">
          See all
        </Anchor>
      </Group>
      <QueryState query={students} label={title.toLowerCase()}>
        {(items) =>
          items.length === 0 ? (
            <Text c="dimmed">
              {viewer === "tutor"
                ? "No student is assigned to you yet: your tutoring business assigns them."
                : "No child is linked to your account yet: your tutoring business links them."}
            </Text>
          ) : (
            <>
              <StudentCards students={items.slice(0, SHOWN)} area={viewer} headingOrder={3} />
              {items.length > SHOWN ? (
                <Text size="sm" c="dimmed">
                  {items.length - SHOWN} more in{" "}
                  <Anchor underline="always" component={Link} to={`/${viewer}/students`}>
                    My students
                  </Anchor>
                  .
                </Text>
              ) : null}
            </>
          )
        }
      </QueryState>
    </Stack>
  );
}
