import { Text, Title } from "@mantine/core";
import { Checklist, ClosingCall, PageContainer, PageHero, Section } from "../../features/marketing/blocks.tsx";
import { publicMetaFor } from "../../lib/public-meta.ts";
import { CONTENT_PAGE_HANDLE } from "../../lib/content-page.ts";

export const handle = CONTENT_PAGE_HANDLE;

export const meta = () => publicMetaFor("/company/security-privacy");

/** Every sentence here is true of the code as it is: change it when the code changes. */
export default function SecurityPrivacy() {
  return (
    <PageContainer>
      <PageHero
        eyebrow="Company"
        title="Security and privacy"
        lead="What Glassroom's code does to protect student data, in plain words — and what it leaves to whoever runs it. Glassroom is open source, so each point here can be checked in the code."
      />
      <Section title="Who can see what" id="access">
        <Checklist
          items={[
            "Every API operation declares the permission it needs, and the server enforces it for the signed-in person's role (admin, tutor, parent, student) on every request — not only in the browser.",
            "Relationships are checked on the server too: a tutor reaches only the students assigned to them and their own sessions, a parent only their children, a student only themself. A record outside those answers “not found”.",
            "Each workspace is isolated twice: every query names its workspace, and PostgreSQL row-level security hides other workspaces' rows from the database role business queries run as.",
            "New members who sign up with a join code wait for an admin's approval; a pending or suspended member cannot sign in.",
          ]}
        />
      </Section>
      <Section title="An audit log families can read" id="audit">
        <Checklist
          items={[
            "Every change in a workspace, and every read of a student's record or file (including each play of a session recording), is written to the audit log with who, what and when.",
            "Parents see the access log of their child's record on the child's page; students see their own.",
            "Admins filter the workspace's audit log and export it as CSV.",
          ]}
        />
      </Section>
      <Section title="Accounts and secrets" id="accounts">
        <Checklist
          items={[
            "Passwords are hashed with scrypt; the password itself is never stored. Common passwords are refused.",
            "Two-factor sign-in with an authenticator app is available to every account.",
            "Sign-in sessions are httpOnly, SameSite cookies (Secure in production), not tokens readable by scripts; they can be revoked, and a password change ends the other sessions.",
            "Invitation links and calendar feed addresses are random tokens of which only a hash is stored: the database does not hold the link itself.",
            "Sign-in, sign-up and password reset are rate-limited.",
            "Pages are served with a Content-Security-Policy that allows scripts only from the app itself (and its own inline scripts by their hash), and the app refuses to be framed by other sites.",
          ]}
        />
      </Section>
      <Section title="Your data, on request" id="rights">
        <Checklist
          items={[
            "A parent can download everything held about their child: one ZIP with the record, guardians, assignments and the whole access log, as JSON and CSV. The download itself is logged.",
            "An admin can erase a student's data on request; the erasure is audited.",
            "Session recordings are deleted after the retention period a workspace sets, with an entry in the student's access log.",
            "Pages load their scripts, styles, fonts and images only from the app itself (the Content-Security-Policy allows no other host): no third-party trackers or analytics.",
          ]}
        />
      </Section>
      <Section title="What the operator provides" id="operator">
        <Text maw={760}>
          Glassroom can be run by us or by you on your own server. Encryption in transit (TLS/HTTPS) is part of the deployment: the operator serves Glassroom
          behind TLS, and in production Glassroom sends the HSTS header so that browsers keep to HTTPS. Encryption of the disks, backups of the database, the
          mail server and where the servers are are likewise the operator's choices. A self-hosted install keeps every byte on infrastructure you control.
        </Text>
      </Section>
      <Section title="FERPA, honestly" id="ferpa">
        <div className="card note" role="note" aria-labelledby="ferpa-note">
          <Title order={3} size="h4" id="ferpa-note">
            No certification claim
          </Title>
          <Text mt={4}>
            There is no FERPA certification, for Glassroom or any software: FERPA is a US law that applies to schools and educational agencies that receive
            federal funding, and it places obligations on them. Glassroom is not certified by anyone, and using it does not by itself make a school or business
            compliant.
          </Text>
        </div>
        <Text maw={760}>What Glassroom does is support the obligations of a school or tutoring business that keeps education records:</Text>
        <Checklist
          items={[
            "Parents can inspect their child's record and shared summaries, and download it all — the right of access.",
            "Access is limited to people with a legitimate reason: a tutor's assigned students, a parent's own children.",
            "A record of who accessed a student's record and when is kept, and shown to the family.",
            "Data can be erased on request, and recordings expire after a retention period you set.",
          ]}
        />
        <Text maw={760}>
          Deciding what counts as an education record, obtaining consent, training staff, and signing agreements with the families or schools you work with
          remain the responsibility of the school or business. Privately run tutoring businesses that receive no federal education funding are generally not
          bound by FERPA, but many choose to work to the same standard; Glassroom is built for that.
        </Text>
      </Section>
      <ClosingCall
        title="Questions about security?"
        body="Ask us through the contact page, or read the source: the rules described here are in the server's policies, migrations and tests."
      />
    </PageContainer>
  );
}
