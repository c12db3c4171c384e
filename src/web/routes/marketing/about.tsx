import { Text } from "@mantine/core";
import { Link } from "react-router";
import { Checklist, ClosingCall, PageContainer, PageHero, Section } from "../../features/marketing/blocks.tsx";
import { publicMetaFor } from "../../lib/public-meta.ts";
import { CONTENT_PAGE_HANDLE } from "../../lib/content-page.ts";

export const handle = CONTENT_PAGE_HANDLE;

export const meta = () => publicMetaFor("/company/about");

export default function About() {
  return (
    <PageContainer>
      <PageHero
        eyebrow="Company"
        title="About Glassroom"
        lead="Glassroom is an open tutoring operating system. We build it because families pay for tutoring and deserve to see it: what happened in each session, what comes next, and who has looked at their child's information."
      />
      <Section title="Why “Glassroom”" id="why">
        <Text maw={760}>
          A classroom with glass walls: the work is visible. Tutoring is usually run from a tutor's memory, a spreadsheet and a phone full of messages, and the
          family sees little of it. Glassroom puts the work in one place and shows families their part of it — sessions, summaries and the access log — as a
          matter of course.
        </Text>
      </Section>
      <Section title="What we believe" id="beliefs">
        <Checklist
          items={[
            "Transparency by default: a family should not have to ask to see what is shared about their child or who read it.",
            "Least access: a tutor sees the students they teach, a parent their own children, nothing more.",
            "Open code: the rules that protect student data are in the source, where anyone can check them.",
            "Honest claims: this site says what the software does today and marks what is still being built as Coming.",
            "Your data is yours: families download what is held about their child; the whole platform can run on your own server.",
          ]}
        />
      </Section>
      <Section title="How it is built" id="built">
        <Text maw={760}>
          Glassroom is a web app in TypeScript: a Hono API with an OpenAPI description of every operation, React in the browser, and PostgreSQL with row-level
          security for each workspace. It runs with one command on a single machine, with its own embedded PostgreSQL, or against a PostgreSQL server of yours,
          and stores session recordings on disk or any S3-compatible service. Read{" "}
          <Link to="/company/security-privacy" className="feature-link">
            security and privacy
          </Link>{" "}
          for how student data is handled.
        </Text>
      </Section>
      <Section title="Where it is going" id="roadmap">
        <Text maw={760}>
          Sessions, reports, summaries, records, the access log, student health cards with alerts, billing and tutor pay, the CRM and analytics are in place.
          Next come resources and handbooks for tutors and families — see the{" "}
          <Link to="/product/overview" className="feature-link">
            product overview
          </Link>
          . To talk to us, use the{" "}
          <Link to="/company/contact" className="feature-link">
            contact page
          </Link>
          .
        </Text>
      </Section>
      <ClosingCall body="Try it with your own students, or run the demo workspace on your machine." />
    </PageContainer>
  );
}
