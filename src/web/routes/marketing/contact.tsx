import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { Checklist, PageContainer, PageHero, Section } from "../../features/marketing/blocks.tsx";
import { ContactForm } from "../../features/enquiries/deferred-forms.tsx";
import { publicMetaFor } from "../../lib/public-meta.ts";

export const meta = () => publicMetaFor("/company/contact");

/** /company/contact: what to write about, the form, and what happens after sending it. */
export default function Contact() {
  return (
    <PageContainer>
      <PageHero
        eyebrow="Company"
        title="Contact the Glassroom team"
        lead="Questions about plans, help with your workspace, a partnership or a press enquiry: write to us here. A person reads every message."
      >
        <Anchor href="#write" fw={600}>
          Go to the form
        </Anchor>
      </PageHero>
      <Section title="What to write about" id="topics">
        <Checklist
          items={[
            <>
              <strong>Plans and pricing</strong>: which plan fits your business, how many tutors and students you have, moving from spreadsheets or another
              tool. The{" "}
              <Link to="/product/pricing" className="feature-link">
                pricing page
              </Link>{" "}
              lists what each plan includes.
            </>,
            <>
              <strong>Help with Glassroom</strong>: something that does not work as you expect in your workspace. Say what you did, what you saw and, if you
              can, the page address. Never send passwords or students' personal details.
            </>,
            <>
              <strong>Partnership or integration</strong>: tutoring networks, schools, and tools that want to work with Glassroom. Affiliates apply on the{" "}
              <Link to="/partners/affiliates" className="feature-link">
                affiliate programme page
              </Link>{" "}
              instead.
            </>,
            <>
              <strong>Press</strong>: interviews, articles and facts about the product.
            </>,
            <>
              <strong>Security</strong>: if you think you found a security problem, choose “Something else”, describe it without exploiting it, and we will
              reply with how to share the details. How student data is protected is on the{" "}
              <Link to="/company/security-privacy" className="feature-link">
                security and privacy page
              </Link>
              .
            </>,
          ]}
        />
      </Section>
      <Section title="Write to us" id="write">
        <noscript>
          <Text fw={600}>
            This form needs JavaScript to send your message. Turn JavaScript on for this site and reload the page; everything else here reads without it.
          </Text>
        </noscript>
        <ContactForm />
      </Section>
      <Section title="What happens next" id="next">
        <Stack gap="sm" maw={760}>
          <Text>
            Your message is stored and sent by email to the team that runs Glassroom. We reply from our own address to the email you gave: add it to your
            contacts if your mail tends to filter new senders.
          </Text>
          <Title order={3} size="h4">
            How quickly we answer
          </Title>
          <Text>
            Our goal is to answer within two working days (Monday to Friday). It is a goal, not a promise: a detailed technical question can take longer, and we
            will tell you when it does.
          </Text>
          <Text>
            We use what you send only to answer you. We do not add you to a mailing list, and we do not share your message with anyone outside the team.
          </Text>
        </Stack>
      </Section>
    </PageContainer>
  );
}
