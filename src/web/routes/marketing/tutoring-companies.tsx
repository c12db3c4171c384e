import { Checklist, ClosingCall, PageContainer, PageHero, ProblemAnswers, Section } from "../../features/marketing/blocks.tsx";
import { Screenshot } from "../../features/marketing/screenshot.tsx";
import { publicMetaFor } from "../../lib/public-meta.ts";
import { CONTENT_PAGE_HANDLE } from "../../lib/content-page.ts";

export const handle = CONTENT_PAGE_HANDLE;

export const meta = () => publicMetaFor("/solutions/tutoring-companies");

export default function TutoringCompanies() {
  return (
    <PageContainer>
      <PageHero
        eyebrow="Solutions · tutoring companies"
        title="Glassroom for tutoring companies"
        lead="With many tutors, quality depends on every tutor doing the same things well: turning up, reporting, keeping families informed, protecting student data. Glassroom makes that the way the work is done, and lets you see it happening."
      />
      <Section title="The problems, and how Glassroom answers them" id="problems">
        <ProblemAnswers
          items={[
            {
              problem: "You find out a report was never written when a parent complains",
              answer:
                "Filing a report is how a session is completed. Your dashboard lists every session whose report is still missing 48 hours later, and each tutor's Reports screen lists their own.",
            },
            {
              problem: "Summaries to families vary from tutor to tutor",
              answer:
                "Every report has the same structure, and the family summary is drafted from it in plain sentences. Turn on review in Session policies and an admin approves each summary before it goes out.",
            },
            {
              problem: "Everyone can see every student",
              answer:
                "A tutor sees only the students assigned to them, a parent only their children, a student only themself. The server checks this on every request, and the database keeps each workspace's rows apart.",
            },
            {
              problem: "You cannot tell a family who has seen their child's file",
              answer:
                "Every read and change of a student's record is in the audit log. Admins filter and export it; parents read their child's part on the child's page.",
            },
            {
              problem: "Scheduling across tutors means clashes",
              answer:
                "The admin calendar shows every session, filtered by tutor or student. Double bookings of a tutor or a student are refused with the clash named.",
            },
            {
              problem: "You learn a student is drifting away when they cancel",
              answer:
                "Each student has a health card whose risk score adds up named rules (sessions missed, misses in a row, engagement falling, no session in 21 days). Alerts reach admins, and the student's tutors for learning, in their list and a daily digest, with packages running low and overdue invoices for admins.",
            },
            {
              problem: "Enquiries, packages and invoices live in other tools",
              answer:
                "Hour packages, invoices, payments (by hand or by card), tutor pay runs and a CRM pipeline for enquiries live in the same workspace, with analytics over all of them.",
            },
          ]}
        />
      </Section>
      <Section title="Roles that match your company" id="roles">
        <Screenshot name="admin-students" caption="The admin's students list in the demo workspace." />
        <Checklist
          items={[
            "Admins: the whole workspace — approvals, members, students, tutors, calendar, settings and the audit log.",
            "Tutors: their own sessions, reports and assigned students, with their rates and weekly availability on their profile.",
            "Parents: their children's sessions, summaries and access log; a download of everything held about each child.",
            "Students: their own calendar, reports and profile.",
            "Join codes and links for sign-up, with each newcomer waiting in Approvals until you choose their role; invitations by email with the role fixed.",
          ]}
        />
      </Section>
      <ClosingCall
        title="Start on the Team or Company plan"
        body="Start a workspace, invite your tutors from Members, assign them to students, and each tutor's calendar and report list is ready."
      />
    </PageContainer>
  );
}
