import { Anchor, Card, Stack, Text, Title } from "@mantine/core";
import { useId } from "react";
import { Link } from "react-router";
import { useOwnTutorProfile } from "../api.ts";

/** The tutor dashboard's prompt while the tutor has no weekly availability: sessions are planned in it. */
export function AvailabilityPrompt() {
  const headingId = useId();
  const profile = useOwnTutorProfile();
  if (!profile.data || profile.data.availability.length > 0) return null;
  return (
    <Card withBorder padding="lg" mb="xl" maw={960} component="section" aria-labelledby={headingId} style={{ borderColor: "var(--mantine-color-blue-7)" }}>
      <Stack gap="xs">
        <Title order={2} size="h3" id={headingId}>
          Set your weekly availability
        </Title>
        <Text size="sm">Your tutoring business plans your sessions in the times you can teach, and you have not given any yet.</Text>
        <Anchor component={Link} to="/tutor/settings#availability" fw={600} size="sm" underline="always">
          Set your weekly availability
        </Anchor>
      </Stack>
    </Card>
  );
}
