import { Text } from "@mantine/core";
import { Link } from "react-router";
import { ClosingCall, FeatureGrid, PageContainer, PageHero, Section, type Feature } from "../../features/marketing/blocks.tsx";
import { Screenshot } from "../../features/marketing/screenshot.tsx";
import { publicMetaFor } from "../../lib/public-meta.ts";
import { CONTENT_PAGE_HANDLE } from "../../lib/content-page.ts";

export const handle = CONTENT_PAGE_HANDLE;

export const meta = () => publicMetaFor("/product/overview");

const TODAY: readonly Feature[] = [
  {
    title: "Workspaces and roles",
    body: "One workspace per tutoring business, with admins, tutors, parents and students. Sign-up with a join code waits for an admin's approval; invitations fix the role.",
  },
  {
    title: "Calendars",
    to: "/product/sessions",
    body: "Sessions and weekly series for tutors (Jobs) and admins, week, month and list views, drag to reschedule, no double booking.",
  },
  {
    title: "Reminders and calendar feeds",
    to: "/product/sessions",
    body: "Reminder emails before each session at the lead time you set, change and cancellation emails, and a private iCalendar feed per person.",
  },
  {
    title: "Session reports and family summaries",
    to: "/product/sessions",
    body: "A structured report after each session, a summary drafted from it for the family, optional review by an admin, then email to the guardians.",
  },
  {
    title: "Recordings",
    to: "/product/sessions",
    body: "Audio or video files, or links, attached to a session, with a retention period after which files are deleted.",
  },
  {
    title: "People and records",
    to: "/product/people",
    body: "Students, guardians, tutors with rates and availability, assignments; each person sees only what their relationship allows.",
  },
  {
    title: "Audit and access log",
    to: "/product/people",
    body: "Every change and every read of a student's record is logged; parents see their child's log; admins filter and export the whole log.",
  },
  {
    title: "Student health cards",
    to: "/product/health",
    body: "Attendance, minutes against the plan, engagement, understanding, homework and scores per student, with a risk score that is the sum of the points of named rules, each reason in words.",
  },
  {
    title: "Alerts and risk",
    to: "/product/health",
    body: "Rules with thresholds you tune and publish as versions that families can read; alerts in each person's list and daily digest that resolve themselves when the condition clears.",
  },
  {
    title: "Two-factor sign-in",
    to: "/company/security-privacy",
    body: "Authenticator-app codes for any account, Google sign-in where the operator sets it up.",
  },
  {
    title: "Billing and packages",
    to: "/product/pricing",
    body: "Hour packages, numbered invoices with PDF, payments recorded or taken online, tutor pay per period.",
  },
  {
    title: "CRM",
    body: "Leads from your enquiry page or entered by hand, a pipeline to enrolment, trial lessons, follow-up tasks, one-step conversion into a student.",
  },
  {
    title: "Reports and analytics",
    body: "Revenue, hours, retention, utilisation, lead conversion and each child's progress over a date range, compared with the period before, each figure traceable to its records, with CSV export.",
  },
  {
    title: "Resources and acknowledged policies",
    body: "Handbooks, guides and worksheets for tutors, parents and students, with versions, search inside PDFs and previews; a policy is acknowledged by name and date, and billing cites the version a family acknowledged.",
  },
];

export default function ProductOverview() {
  return (
    <PageContainer>
      <PageHero
        eyebrow="Product"
        title="One open platform, from the first lesson to the family's update"
        lead="Glassroom is a web app for the whole tutoring business: the admin's office, each tutor's calendar and reports, and a page for every family. It is open source and self-hostable, on PostgreSQL."
      />
      <Screenshot name="tutor-calendar" eager caption="A tutor's week in the demo workspace." />
      <Section title="What works today" id="today">
        <FeatureGrid features={TODAY} cols={2} />
      </Section>
      <Section title="How it fits together" id="flow">
        <Text>
          An admin starts a workspace and invites tutors and parents (an invitation for a parent names the child). Tutors schedule sessions; reminders go out by
          themselves. After each session the tutor files a report, which drafts the family's summary; the family reads it by email and on the child's page,
          along with who opened the record. See{" "}
          <Link to="/product/sessions" className="feature-link">
            sessions and reports
          </Link>{" "}
          and{" "}
          <Link to="/product/people" className="feature-link">
            people and records
          </Link>{" "}
          in detail.
        </Text>
      </Section>
      <ClosingCall body="See it with your own students: start a workspace, or run the demo workspace on your own machine with npm run demo." />
    </PageContainer>
  );
}
