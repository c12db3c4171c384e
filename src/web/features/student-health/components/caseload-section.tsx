import { Anchor, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { useHealthList } from "../api.ts";
import { HealthSummaryItem } from "./health-summary-item.tsx";

/** How many of the tutor's students the dashboard shows, highest risk first. */
const SHOWN = 5;

/** A tutor's dashboard: their students at the highest risk first, each with band, score and top reason. */
export function CaseloadSection() {
  const caseload = useHealthList("tutor", { q: "", band: null, rule: null, tutorId: null, sort: null, direction: null, page: 1, pageSize: SHOWN });
  return (
    <SectionCard
      title="Caseload by risk"
      description="Your students, highest risk first: the band, the score and the reason with the most points."
      actions={
        <Anchor component={Link} to="/tutor/students" size="sm" fw={600}>
          All my students
        </Anchor>
      }
    >
      <QueryState query={caseload} label="your caseload">
        {(page) =>
          page.total === 0 ? (
            <Text size="sm">No student is assigned to you yet.</Text>
          ) : (
            <Stack gap="sm">
              <Stack component="ul" gap="sm" aria-label="Students by risk" style={{ listStyle: "none", padding: 0, margin: 0 }}>
                {page.items.map((item) => (
                  <HealthSummaryItem
                    key={item.studentId}
                    item={item}
                    href={`/tutor/students/${encodeURIComponent(item.studentId)}`}
                    reasonWhenNone="No rule fires."
                  />
                ))}
              </Stack>
              {page.total > page.items.length ? (
                <Text size="sm" c="dimmed">
                  {page.totalIsAtLeast ? "Many" : page.total - page.items.length} more, at lower risk, in{" "}
                  <Anchor underline="always" component={Link} to="/tutor/students">
                    My students
                  </Anchor>
                  .
                </Text>
              ) : null}
            </Stack>
          )
        }
      </QueryState>
    </SectionCard>
  );
}
