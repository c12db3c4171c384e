import { Anchor, List, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { AffiliateForm } from "../../features/enquiries/deferred-forms.tsx";
import { Checklist, PageContainer, PageHero, Section } from "../../features/marketing/blocks.tsx";
import { publicMetaFor } from "../../lib/public-meta.ts";

export const meta = () => publicMetaFor("/partners/affiliates");

const STEPS = [
  { title: "Apply", body: "Fill in the form below: who you are, who your audience is and how you would tell them about Glassroom." },
  { title: "We review", body: "A person reads your application. Our goal is to answer within five working days, by email, yes or no with the reason." },
  {
    title: "Share your link",
    body: "Once approved you get a personal referral link. Share it in your articles, newsletters, videos, workshops or with clients.",
  },
  {
    title: "Earn every month",
    body: "When a workspace created through your link pays for a plan, you earn 25% of each subscription payment, every month it stays subscribed.",
  },
];

const FAQ = [
  {
    question: "How much can I earn?",
    answer:
      "25% of what each referred workspace pays for its subscription, before tax. A workspace on the Team plan ($59 a month) earns you $14.75 every month it stays; ten of them, $147.50 a month.",
  },
  {
    question: "For how long is a referral mine?",
    answer: "For as long as the workspace keeps its paid subscription and you stay in the programme. There is no end date on a referral.",
  },
  {
    question: "Do I need to use Glassroom myself?",
    answer: "No, but it helps: people trust a recommendation from someone who knows the product. You can start a workspace and try it with your own students.",
  },
  {
    question: "Can I refer my own tutoring business?",
    answer: "No. Commission is for workspaces you refer, not for your own subscription or one you run.",
  },
  {
    question: "When and how am I paid?",
    answer:
      "Monthly, in US dollars, for the subscription payments received the month before, once you are owed at least $50 (smaller amounts carry over to the next month). We agree the payment method with you when you join.",
  },
  {
    question: "Is there an affiliate dashboard?",
    answer: "Not yet. We send you a monthly statement by email listing your referred workspaces and what each paid. A dashboard in Glassroom is planned.",
  },
];

/** /partners/affiliates: the programme, how it works, its terms in plain words, the FAQ and the application. */
export default function Affiliates() {
  return (
    <PageContainer>
      <PageHero
        eyebrow="Partners"
        title="Affiliate programme: 25% recurring commission"
        lead="Recommend Glassroom to tutors and tutoring businesses, and earn 25% of the subscription of every workspace you refer, every month it stays with us."
      >
        <Anchor href="#apply" fw={600}>
          Apply to the programme
        </Anchor>
      </PageHero>

      <Section title="How it works" id="how">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl" component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {STEPS.map((step, index) => (
            <Stack key={step.title} gap={6} component="li">
              <Title order={3} size="h4">
                {index + 1}. {step.title}
              </Title>
              <Text c="dimmed">{step.body}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Section>

      <Section title="Who it suits" id="who">
        <Checklist
          items={[
            "Consultants and coaches who help tutors set up and grow their business.",
            "Writers of blogs, newsletters and channels read by tutors, tutoring companies or parents.",
            "Tutoring networks and associations that recommend tools to their members.",
            "Tutors whose colleagues ask how they run their lessons, reports and billing.",
          ]}
        />
        <Text maw={760}>
          You do not need a large audience: a small one that trusts you is worth more. See what you would be recommending on the{" "}
          <Link to="/product/overview" className="feature-link">
            product overview
          </Link>{" "}
          and the{" "}
          <Link to="/product/pricing" className="feature-link">
            pricing page
          </Link>
          .
        </Text>
      </Section>

      <Section title="The terms in plain words" id="terms">
        <List spacing="sm" maw={760}>
          <List.Item>
            <strong>Commission.</strong> 25% of each subscription payment made by a workspace created through your referral link, before tax, for as long as it
            stays subscribed and you stay in the programme.
          </List.Item>
          <List.Item>
            <strong>What counts.</strong> New workspaces only: not your own, not one you run, and not one that was already a Glassroom customer. A refunded
            payment earns no commission; if it was already paid, it is taken off your next payment.
          </List.Item>
          <List.Item>
            <strong>Payment.</strong> Monthly, in US dollars, for the previous month's payments, once you are owed at least $50.
          </List.Item>
          <List.Item>
            <strong>Honest promotion.</strong> Describe Glassroom as it is: features marked “Coming” on this site are not available yet. No spam, no bidding on
            the Glassroom name in search adverts, no invented discounts, and say that you earn a commission where the law or the platform asks you to.
          </List.Item>
          <List.Item>
            <strong>Ending.</strong> You or we may end your participation at any time by email. Commission already earned up to that day is paid; breaking these
            terms forfeits commission on the payments concerned.
          </List.Item>
        </List>
      </Section>

      <Section title="Questions" id="faq">
        <Stack gap="lg" maw={760}>
          {FAQ.map((item) => (
            <Stack key={item.question} gap={4}>
              <Title order={3} size="h4">
                {item.question}
              </Title>
              <Text>{item.answer}</Text>
            </Stack>
          ))}
          <Text>
            Another question? Ask it on the{" "}
            <Link to="/company/contact" className="feature-link">
              contact page
            </Link>{" "}
            (topic “Partnership or integration”).
          </Text>
        </Stack>
      </Section>

      <Section title="Apply" id="apply" intro="Tell us about yourself and your audience. Fields marked with an asterisk are required.">
        <noscript>
          <Text fw={600}>
            This form needs JavaScript to send your application. Turn JavaScript on for this site and reload the page; everything else here reads without it.
          </Text>
        </noscript>
        <AffiliateForm />
      </Section>
    </PageContainer>
  );
}
