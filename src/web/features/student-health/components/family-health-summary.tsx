import { Anchor, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { useFamilyHealthList } from "../api.ts";
import { HealthSummaryItem } from "./health-summary-item.tsx";

/** A parent's dashboard: each child's band and score by the rules families see, and the reason with the most points. */
export function FamilyHealthSummary() {
  const children = useFamilyHealthList();
  return (
    <SectionCard
      title="Health"
      description="How each of your children is doing over the last weeks. Every point of a score comes from a rule you can read."
      actions={
        <Anchor component={Link} to="/parent/health-rules" size="sm" fw={600}>
          How the score is worked out
        </Anchor>
      }
    >
      <QueryState query={children} label="your children's health">
        {(list) =>
          list.items.length === 0 ? (
            <Text size="sm">No child is linked to your account yet.</Text>
          ) : (
            <Stack component="ul" gap="sm" aria-label="Your children's health" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {list.items.map((item) => (
                <HealthSummaryItem
                  key={item.studentId}
                  item={item}
                  href={`/parent/students/${encodeURIComponent(item.studentId)}`}
                  reasonWhenNone="Nothing to watch."
                />
              ))}
            </Stack>
          )
        }
      </QueryState>
    </SectionCard>
  );
}
