import { Anchor, Badge, Box, Group, SimpleGrid, type SimpleGridProps, Text } from "@mantine/core";
import type { ReactNode } from "react";
import type { Session } from "../../../../shared/schemas/sessions.ts";
import { describeWhen, isTrialLesson, sessionHistory, STATUS_COLORS, STATUS_LABELS, studentNames } from "../format.ts";

/** One term of a description list: a label and its value (kept as written: line breaks, long links). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text component="dt" size="sm" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </Box>
  );
}

/** A session's status, and whether it belongs to a series. */
export function SessionStatusLine({ session }: { session: Session }) {
  return (
    <Group gap="xs">
      <Badge color={STATUS_COLORS[session.status]} variant={session.status === "scheduled" ? "filled" : "light"} size="lg">
        {STATUS_LABELS[session.status]}
      </Badge>
      {session.seriesId ? <Text size="sm">Part of a weekly series</Text> : null}
    </Group>
  );
}

/** What everyone may know of a session: when (zone named), who, where, and the notes for the family. */
export function SessionFacts({ session, timeZone, cols = 1 }: { session: Session; timeZone: string; cols?: SimpleGridProps["cols"] }) {
  return (
    <SimpleGrid component="dl" cols={cols} spacing="sm" m={0}>
      <Fact label="When">{describeWhen(session, timeZone)}</Fact>
      <Fact label={session.students.length === 1 ? "Student" : "Students"}>
        {isTrialLesson(session) ? "None yet: a trial lesson for an enquiry (CRM)" : studentNames(session)}
      </Fact>
      <Fact label="Tutor">{session.tutor.name}</Fact>
      <Fact label="Location">{session.location || "Not set"}</Fact>
      <Fact label="Online link">
        {session.onlineUrl ? (
          <Anchor href={session.onlineUrl} target="_blank" rel="noopener noreferrer">
            {session.onlineUrl}
          </Anchor>
        ) : (
          "None"
        )}
      </Fact>
      <Fact label="Notes for the family">{session.notes || "None"}</Fact>
      {session.cancelledAt ? <Fact label="Cancellation reason">{session.cancellationReason || "None given"}</Fact> : null}
      <Fact label="History">{sessionHistory(session, timeZone).join("\n")}</Fact>
    </SimpleGrid>
  );
}
