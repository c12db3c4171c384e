import { SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { Checklist, ClosingCall, PageContainer, PageHero, Section } from "../../features/marketing/blocks.tsx";
import { publicMetaFor } from "../../lib/public-meta.ts";
import { CONTENT_PAGE_HANDLE } from "../../lib/content-page.ts";

export const handle = CONTENT_PAGE_HANDLE;

export const meta = () => publicMetaFor("/resources/tutoring-consultant-kit");

const KIT: readonly { title: string; items: readonly string[] }[] = [
  {
    title: "1. Set up the business",
    items: [
      "Write down who you teach: subjects, levels, online or in person, the area you travel to.",
      "Set your prices per hour and per package, and your cancellation notice period and late-cancellation charge.",
      "Decide what a family gets after every session (a summary, homework, the next date) and keep that promise every time.",
      "Write a privacy note for families: what you keep about a student, who sees it, how long you keep it, how they get a copy.",
    ],
  },
  {
    title: "2. Win and welcome families",
    items: [
      "Answer every enquiry within one working day (see the enquiry scripts).",
      "Offer a first session with a clear goal; after it, send a written summary and a plan.",
      "At the start, agree one measurable goal per student and write it on their record.",
      "Collect guardians' contact details and consent to contact, and who may pick up or join online.",
    ],
  },
  {
    title: "3. Run every session the same way",
    items: [
      "Start from last session's homework; end with the next homework and the next date.",
      "File the report the same day: attendance, topics, homework, understanding and engagement (1–5).",
      "Send the family a short summary in plain words, not jargon.",
      "Keep private notes separate from what is shared with the family.",
    ],
  },
  {
    title: "4. Watch the signals",
    items: [
      "Two missed sessions in a month: call the family, do not wait.",
      "Engagement falling over several sessions: change the approach and tell the family what you are changing.",
      "No session in three weeks: check in before the student is lost.",
      "A report missing after 48 hours: it is the first sign of a tutor overloaded.",
    ],
  },
  {
    title: "5. Grow with a team",
    items: [
      "Write your session standard down before hiring the first tutor.",
      "Give each tutor only their students' records; review the first summaries each new tutor shares.",
      "Check every month: report completion, attendance, families' questions, tutors' hours.",
      "Keep an access log of student records and be ready to show a family who has seen their child's file.",
    ],
  },
];

const KPIS = [
  ["Report completion", "Reports filed within 48 hours ÷ sessions held. Aim for 100%."],
  ["Attendance rate", "Sessions attended ÷ sessions scheduled, per student and overall."],
  ["Retention", "Students active this term who were active last term."],
  ["Enquiry conversion", "Enquiries that became a first session, and first sessions that became enrolments."],
  ["Tutor utilisation", "Hours taught ÷ hours each tutor made available."],
] as const;

export default function ConsultantKit() {
  return (
    <PageContainer>
      <PageHero
        eyebrow="Resources"
        title="Tutoring consultant kit"
        lead="The checklists we would give a tutor starting out, or a tutoring company taking on its fifth tutor: what to set up, what to do every session, which signals to watch, and the numbers worth tracking."
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        {KIT.map((part) => (
          <Stack key={part.title} gap="sm" component="section" aria-label={part.title}>
            <Title order={2} size="h3">
              {part.title}
            </Title>
            <Checklist items={part.items} />
          </Stack>
        ))}
      </SimpleGrid>
      <Section title="Five numbers to track each month" id="kpis">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {KPIS.map(([name, how]) => (
            <Stack key={name} gap={4}>
              <Title order={3} size="h4">
                {name}
              </Title>
              <Text c="dimmed">{how}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Section>
      <Section title="Use it with Glassroom" id="with-glassroom">
        <Text>
          Glassroom does parts 3 and 5 as you work: structured reports, family summaries, the list of missing reports, relationships that limit what each tutor
          sees, and the access log. Step 4 is what its health cards and alerts watch for you: missed sessions, misses in a row, engagement falling, no session
          in 21 days and reports missing after 48 hours. The numbers above are on its Reports and analytics screen, each defined and traceable to its records.
          For the messages to families, see{" "}
          <Link to="/resources/templates-scripts" className="feature-link">
            templates and scripts
          </Link>
          .
        </Text>
      </Section>
      <ClosingCall body="Put the checklist to work: start a workspace and let every session follow the same standard." />
    </PageContainer>
  );
}
