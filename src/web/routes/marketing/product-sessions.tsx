import { SimpleGrid, Stack, Text } from "@mantine/core";
import { Checklist, ClosingCall, PageContainer, PageHero, Section } from "../../features/marketing/blocks.tsx";
import { Screenshot } from "../../features/marketing/screenshot.tsx";
import { publicMetaFor } from "../../lib/public-meta.ts";
import { CONTENT_PAGE_HANDLE } from "../../lib/content-page.ts";

export const handle = CONTENT_PAGE_HANDLE;

export const meta = () => publicMetaFor("/product/sessions");

export default function ProductSessions() {
  return (
    <PageContainer>
      <PageHero
        eyebrow="Product · sessions"
        title="Sessions, reports and summaries"
        lead="Schedule a session or a weekly series, remind everyone, file a structured report afterwards and share a plain-language summary with the family — all on the same session page."
      />
      <Section title="Calendars without clashes" id="calendars">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Screenshot name="tutor-calendar" eager caption="A tutor's Jobs calendar." />
          <Checklist
            items={[
              "A session has a tutor, one or more students, a subject, a start and end, and a location or an online link.",
              "Weekly series follow iCalendar recurrence rules; change one session or all the following ones.",
              "A double booking of a tutor or a student is refused, and the message names the session it clashes with.",
              "Times are stored in UTC and shown in each viewer's time zone.",
              "Tutors and admins drag a session to move or resize it; students see theirs, parents their children's, and may ask for a cancellation.",
              "Reminder emails before each session (24 hours by default), change and cancellation emails, and a private calendar feed for Google, Apple or Outlook.",
            ]}
          />
        </SimpleGrid>
      </Section>
      <Section title="A report after every session" id="reports">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack>
            <Text>The tutor's report is the same for every session, so every family gets the same care:</Text>
            <Checklist
              items={[
                "Attendance for each student: present, late, absent.",
                "Topics covered, homework set, and how much of the last homework was done.",
                "Understanding and engagement on a 1–5 scale, and an optional assessment score.",
                "Private notes that stay with the tutor and the admins.",
                "Recordings: audio or video files, or links, kept for the retention period you set.",
              ]}
            />
            <Text>
              Filing the report completes the session. Sessions still waiting for their report are listed for the tutor, and for the admin once 48 hours have
              passed.
            </Text>
          </Stack>
          <Screenshot name="session-report" caption="A reported session with its summary." />
        </SimpleGrid>
      </Section>
      <Section title="Summaries families read" id="summaries">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Screenshot name="parent-child" caption="The summaries on a parent's page for their child." />
          <Checklist
            items={[
              "Glassroom drafts a summary per student in plain sentences from the report.",
              "The tutor edits it and shares it with the family; the guardians get it by email.",
              "With review turned on, an admin approves each summary first from the dashboard.",
              "Parents and students read every shared summary in their own area, any time.",
            ]}
          />
        </SimpleGrid>
      </Section>
      <ClosingCall body="Schedule your first week, and after the first lesson send a summary the family will keep." />
    </PageContainer>
  );
}
