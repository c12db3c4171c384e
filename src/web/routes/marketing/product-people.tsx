import { SimpleGrid } from "@mantine/core";
import { Link } from "react-router";
import { Checklist, ClosingCall, FeatureGrid, PageContainer, PageHero, Section } from "../../features/marketing/blocks.tsx";
import { Screenshot } from "../../features/marketing/screenshot.tsx";
import { publicMetaFor } from "../../lib/public-meta.ts";
import { CONTENT_PAGE_HANDLE } from "../../lib/content-page.ts";

export const handle = CONTENT_PAGE_HANDLE;

export const meta = () => publicMetaFor("/product/people");

export default function ProductPeople() {
  return (
    <PageContainer>
      <PageHero
        eyebrow="Product · people"
        title="People and records, with an access log families can read"
        lead="Students, guardians and tutors in one workspace. Each person sees only what their relationship allows, and every read or change of a student's record is written down — where the family can see it."
      />
      <Section title="Students and their families" id="students">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Screenshot name="admin-students" eager caption="The students list, as the admin sees it." />
          <Checklist
            items={[
              "A student record holds name, grade or year, school, subjects, goals, notes and status (active, paused, former).",
              "A student may have a login of their own, or not.",
              "Guardians are parent members linked to the student; an invitation for a parent names the child, so accepting it links them.",
              "Search the students list by name and filter it by status.",
            ]}
          />
        </SimpleGrid>
      </Section>
      <Section title="Tutors and assignments" id="tutors">
        <FeatureGrid
          cols={3}
          features={[
            {
              title: "Tutor profiles",
              body: "Subjects, bio, pay rate, default charge rate and weekly availability; scheduling outside availability asks for a confirmation.",
            },
            {
              title: "Assignments",
              body: "An assignment links a tutor to a student for a subject at a rate. A tutor sees only the students assigned to them.",
            },
            {
              title: "Members and approvals",
              body: "Join codes and links for sign-up, approvals where you choose each newcomer's role, invitations, suspension.",
            },
          ]}
        />
      </Section>
      <Section title="Who sees what" id="relationships">
        <Checklist
          items={[
            "An admin sees the whole workspace.",
            "A tutor sees their own sessions and the students assigned to them.",
            "A parent sees their own children; a student sees themself.",
            "Anything else answers “not found”: the server checks the relationship on every request.",
          ]}
        />
      </Section>
      <Section title="The access log" id="access-log">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Checklist
            items={[
              "Every change in the workspace, and every read of a student's record or file, is audited with who, what and when.",
              "Parents read their child's access log on the child's page; students read their own.",
              "A parent can download everything held about their child: one ZIP with the record, guardians, assignments and the whole access log, as JSON and CSV.",
              "An admin can erase a student's data on request; the erasure itself is audited.",
              "Admins filter the workspace's audit log and export it as CSV in System.",
            ]}
          />
          <Screenshot name="student-record" caption="A student's access log; the guardians see the same log on their child's page." />
        </SimpleGrid>
        <Link to="/company/security-privacy" className="feature-link">
          Security and privacy in detail
        </Link>
      </Section>
      <ClosingCall body="Bring your students and families into one workspace, with a record of who looked at what." />
    </PageContainer>
  );
}
