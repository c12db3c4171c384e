import { Anchor, Group, List, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link } from "react-router";
import type { FamilyHealthRules, HealthBand } from "../../../shared/schemas/student-health.ts";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { SectionCard } from "../../components/ui/section-card.tsx";
import { useDateTime } from "../../features/session/display-time-zone.ts";
import { useFamilyHealthRules } from "../../features/student-health/api.ts";
import { BAND_LABELS } from "../../features/student-health/bands.ts";

/** What each band means for a family, beside the range of scores it covers. */
const BAND_MEANING: Record<HealthBand, string> = {
  on_track: "things are going well.",
  watch: "something is worth keeping an eye on; the reasons on the card say what.",
  act: "time to talk it over with the tutor or the tutoring business.",
};

function bandRanges(rules: FamilyHealthRules): { band: HealthBand; range: string }[] {
  return [
    { band: "on_track", range: `0 to ${rules.watchFrom - 1}` },
    { band: "watch", range: `${rules.watchFrom} to ${rules.actFrom - 1}` },
    { band: "act", range: `${rules.actFrom} or more` },
  ];
}

function HowItWorks({ rules }: { rules: FamilyHealthRules }) {
  return (
    <SectionCard title="How the score works">
      <Text>
        Each rule below looks at the last {rules.windowWeeks} weeks of sessions and reports. When a rule applies, it adds its points to the score, and the card
        says why, with the sessions behind it. The score is the sum of those points, from 0 to 100; when no rule applies, it is 0.
      </Text>
      <List spacing="xs" aria-label="Bands of the score">
        {bandRanges(rules).map(({ band, range }) => (
          <List.Item key={band}>
            <Text span fw={700}>
              {BAND_LABELS[band]}
            </Text>
            , a score of {range}: {BAND_MEANING[band]}
          </List.Item>
        ))}
      </List>
      <Text size="sm">
        Only the rules shown here count in the score you see. If a figure behind a reason is wrong (an absence that was excused, a rating or a score), you can
        question it from your child's card.
      </Text>
    </SectionCard>
  );
}

function RulesInForce({ rules }: { rules: FamilyHealthRules }) {
  const { instant } = useDateTime();
  return (
    <SectionCard title="The rules in force" description={`Version ${rules.version}, published ${instant(rules.publishedAt)}.`}>
      {rules.rules.length === 0 ? (
        <Text>No rule is shown to families at the moment, so the score on your child's card stays at 0.</Text>
      ) : (
        <List spacing="md" aria-label="Rules in force">
          {rules.rules.map((rule) => (
            <List.Item key={rule.rule}>
              <Stack gap={2}>
                <Text fw={700}>{rule.label}</Text>
                <Text>{rule.description}</Text>
              </Stack>
            </List.Item>
          ))}
        </List>
      )}
    </SectionCard>
  );
}

function History({ rules }: { rules: FamilyHealthRules }) {
  const { instant } = useDateTime();
  return (
    <SectionCard title="History of the rules" description="Every published version that changed what families see, newest first.">
      <Stack gap="lg" component="ol" m={0} p={0} style={{ listStyle: "none" }} aria-label="Published versions">
        {rules.history.map((item) => (
          <Stack key={item.version} gap={4} component="li">
            <Title order={3} size="h5">
              Version {item.version}, published {instant(item.publishedAt)}
              {item.version === rules.version ? " (in force)" : ""}
            </Title>
            <List size="sm" withPadding listStyleType="disc">
              {item.changes.map((change) => (
                <List.Item key={change} style={{ overflowWrap: "anywhere" }}>
                  {change}
                </List.Item>
              ))}
            </List>
          </Stack>
        ))}
      </Stack>
    </SectionCard>
  );
}

/** The thresholds behind a child's health card, in words, and what changed in them over time. */
export default function ParentHealthRules() {
  const rules = useFamilyHealthRules();
  return (
    <Stack gap="md" pb={64}>
      <Anchor component={Link} to="/parent/students" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden="true" />
          My students
        </Group>
      </Anchor>
      <PageHeader
        title="Health rules"
        description="How the health score on your child's card is worked out: every rule that can add points, and what changed in the rules over time."
      />
      <QueryState query={rules} label="the health rules">
        {(data) => (
          <>
            <HowItWorks rules={data} />
            <RulesInForce rules={data} />
            <History rules={data} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
