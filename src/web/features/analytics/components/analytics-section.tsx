import { Alert, SimpleGrid, Stack, Title } from "@mantine/core";
import { IconChartBar } from "@tabler/icons-react";
import type { MetricInfo } from "../../../../shared/schemas/analytics.ts";
import { NothingYet } from "../../../components/ui/list-empty.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { useMetrics, type AnalyticsTarget } from "../api.ts";
import { groupMetrics } from "../groups.ts";
import { useAnalyticsParams, type AnalyticsParams } from "../use-analytics-params.ts";
import { AnalyticsFilters } from "./analytics-filters.tsx";
import { FigureCard } from "./figure-card.tsx";

function FigureGrid({ target, metrics, params }: { target: AnalyticsTarget; metrics: readonly MetricInfo[]; params: AnalyticsParams }) {
  return (
    // Each card as tall as its own content: a short one beside a long chart keeps no empty block.
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" style={{ alignItems: "start" }}>
      {metrics.map((metric) => (
        <FigureCard key={metric.key} target={target} metric={metric} range={params.chosen.range} filters={params.filters} />
      ))}
    </SimpleGrid>
  );
}

/**
 * The figures a viewer may see for a range (and the admin's or tutor's filters), each in its
 * card. The admin's are grouped under headings (Money, Teaching…); the others' are few and
 * shown as one grid. Figure cards are headed h3: the screen gives the h2 above them.
 */
export function AnalyticsSection({ target, grouped = false, emptyText }: { target: AnalyticsTarget; grouped?: boolean; emptyText: string }) {
  const params = useAnalyticsParams(target.area);
  const metrics = useMetrics(target);

  return (
    <Stack gap="lg">
      <AnalyticsFilters area={target.area} params={params} />
      {params.chosen.problem ? (
        <Alert color="yellow" title="Choose the range to show">
          {params.chosen.problem.message}
        </Alert>
      ) : (
        <QueryState query={metrics} label="the figures">
          {({ metrics: list }) =>
            list.length === 0 ? (
              <NothingYet icon={<IconChartBar size={28} aria-hidden="true" />} title="No figures yet" description={emptyText} />
            ) : grouped ? (
              <Stack gap="xl">
                {groupMetrics(list).map(({ group, metrics: inGroup }) => (
                  <Stack key={group} gap="sm" component="section" aria-label={group}>
                    <Title order={2} size="h3">
                      {group}
                    </Title>
                    <FigureGrid target={target} metrics={inGroup} params={params} />
                  </Stack>
                ))}
              </Stack>
            ) : (
              <FigureGrid target={target} metrics={list} params={params} />
            )
          }
        </QueryState>
      )}
    </Stack>
  );
}

export default AnalyticsSection;
