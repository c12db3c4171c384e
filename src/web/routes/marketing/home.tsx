import { SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { Checklist, ClosingCall, FeatureGrid, PageContainer, PageHero, Section, type Feature } from "../../features/marketing/blocks.tsx";
import { Screenshot } from "../../features/marketing/screenshot.tsx";
import { publicMetaFor } from "../../lib/public-meta.ts";
import { CONTENT_PAGE_HANDLE } from "../../lib/content-page.ts";

export const handle = CONTENT_PAGE_HANDLE;

export const meta = () => publicMetaFor("/");

const CAPABILITIES: readonly Feature[] = [
  {
    title: "Sessions with reports and summaries",
    to: "/product/sessions",
    body: "Schedule single sessions or weekly series without double booking, file a structured report after each one, and share a plain-language summary that families get by email.",
  },
  {
    title: "Student health cards",
    to: "/product/health",
    body: "Attendance, minutes against the plan, engagement, understanding, homework and scores per student over 8 weeks, with a risk score that is the sum of named rules' points: on track, watch or act, each reason in words with its sessions.",
  },
  {
    title: "Alerts and risk",
    to: "/product/health",
    body: "Rules you tune and publish as versions (10% of sessions missed, two misses in a row, no session in 21 days) open alerts in each person's list and daily digest, and the alerts resolve themselves when the condition clears.",
  },
  {
    title: "CRM",
    to: "/product/overview",
    body: "Enquiries from your website's enquiry page or entered by hand, a pipeline from first contact to enrolment, trial lessons, follow-up tasks, and one-step conversion into a student.",
  },
  {
    title: "Billing and packages",
    to: "/product/pricing",
    body: "Hour packages that sessions draw down, numbered invoices, payments, and balances that families can see.",
  },
  {
    title: "Reports and analytics",
    to: "/product/overview",
    body: "Revenue, hours by tutor and subject, retention, churn, tutor utilisation and lead conversion over any date range, compared with the period before, each figure defined and traceable to its records, with CSV export.",
  },
];

export default function Home() {
  return (
    <PageContainer>
      <PageHero
        eyebrow="Open tutoring operating system"
        title="The transparent tutoring operating system"
        lead="Glassroom runs a tutoring business — its people, sessions, reports and billing — on one open platform, and lets families see that work: every session, every summary shared with them, and who opened their child's record."
      />
      <Screenshot name="session-report" eager caption="A reported session in the demo workspace: the tutor's report and the summary shared with the family." />

      <Section title="Who it is for" id="who">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
          <Stack gap={6}>
            <Title order={3} size="h4">
              <Link to="/solutions/solo-tutors" className="feature-link">
                Solo tutors
              </Link>
            </Title>
            <Text c="dimmed">
              One calendar for your lessons, a report in two minutes after each one, and a summary parents actually read — instead of a spreadsheet, a notes app
              and a pile of text messages.
            </Text>
          </Stack>
          <Stack gap={6}>
            <Title order={3} size="h4">
              <Link to="/solutions/tutoring-companies" className="feature-link">
                Tutoring companies
              </Link>
            </Title>
            <Text c="dimmed">
              Many tutors working one way: tutors see only their students, admins see the whole workspace, missing reports surface by themselves, and every read
              of a student's record is logged.
            </Text>
          </Stack>
        </SimpleGrid>
      </Section>

      <Section
        title="What Glassroom does"
        id="capabilities"
        intro="Everything below works today: sessions, reports and summaries, records and the access log, health cards with alerts, billing and tutor pay, the CRM and analytics."
      >
        <FeatureGrid features={CAPABILITIES} />
      </Section>

      <Section title="The transparency promise for families" id="promise">
        <Checklist
          items={[
            "Families see every session of their child, past and upcoming, and can ask for a cancellation.",
            "Every summary a tutor shares reaches the guardians by email and stays on the child's page.",
            "Parents see who opened or changed their child's record, and when: the access log is theirs to read.",
            "Parents see their child's health card, read every rule behind its score and its history, and can question any data point.",
            "Parents can download everything held about their child, and a workspace can erase a student's data on request.",
            "Each workspace is isolated in the database itself, and the code that does all this is open to check.",
          ]}
        />
        <Text>
          <Link to="/company/security-privacy" className="feature-link">
            How Glassroom protects student data
          </Link>
        </Text>
      </Section>

      <ClosingCall body="Start a workspace in a minute: name it, invite your tutors and families, and schedule your first session. Or sign in to the one you have." />
    </PageContainer>
  );
}
