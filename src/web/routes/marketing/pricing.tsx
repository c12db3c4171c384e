import { Button, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { Checklist, ClosingCall, PageContainer, PageHero, PlannedBadge, Section } from "../../features/marketing/blocks.tsx";
import { publicMetaFor } from "../../lib/public-meta.ts";
import { CONTENT_PAGE_HANDLE } from "../../lib/content-page.ts";

export const handle = CONTENT_PAGE_HANDLE;

export const meta = () => publicMetaFor("/product/pricing");

interface Plan {
  name: string;
  price: string;
  for: string;
  includes: readonly string[];
}

const PLANS: readonly Plan[] = [
  {
    name: "Solo",
    price: "$19",
    for: "One tutor running their own practice.",
    includes: [
      "1 tutor (you, as admin and tutor)",
      "Up to 40 active students",
      "Calendar, reminders and calendar feed",
      "Session reports and family summaries",
      "Parent and student logins",
      "Access log and data export",
    ],
  },
  {
    name: "Team",
    price: "$59",
    for: "A small team of tutors with one or two people running it.",
    includes: [
      "Up to 10 tutors",
      "Up to 200 active students",
      "Everything in Solo",
      "Admin calendar across tutors",
      "Summary review before sharing",
      "Recordings up to 50 GB",
    ],
  },
  {
    name: "Company",
    price: "$149",
    for: "A tutoring company with many tutors and families.",
    includes: ["Unlimited tutors", "Unlimited active students", "Everything in Team", "Audit log export", "Recordings up to 500 GB", "Priority email support"],
  },
];

type Cell = boolean | string;
const ROWS: readonly { feature: string; planned?: boolean; cells: [Cell, Cell, Cell] }[] = [
  { feature: "Price per workspace per month (USD)", cells: ["$19", "$59", "$149"] },
  { feature: "Tutors", cells: ["1", "Up to 10", "Unlimited"] },
  { feature: "Active students", cells: ["Up to 40", "Up to 200", "Unlimited"] },
  { feature: "Sessions, weekly series and calendars", cells: [true, true, true] },
  { feature: "Reminder emails and calendar feeds", cells: [true, true, true] },
  { feature: "Session reports and family summaries", cells: [true, true, true] },
  { feature: "Parent and student logins", cells: [true, true, true] },
  { feature: "Family access log and data export", cells: [true, true, true] },
  { feature: "Two-factor sign-in", cells: [true, true, true] },
  { feature: "Summary review by an admin", cells: [false, true, true] },
  { feature: "Session recordings storage", cells: ["5 GB", "50 GB", "500 GB"] },
  { feature: "Workspace audit log CSV export", cells: [false, true, true] },
  { feature: "Student health cards and alerts", cells: [true, true, true] },
  { feature: "Hour packages, invoices and payments", cells: [true, true, true] },
  { feature: "CRM pipeline for enquiries", cells: [false, true, true] },
  { feature: "Reports and analytics", cells: ["Basic", "Full", "Full"] },
  { feature: "Resources, handbooks and acknowledged policies", cells: [true, true, true] },
  { feature: "Support", cells: ["Email", "Email", "Priority email"] },
];

function CellValue({ value }: { value: Cell }) {
  if (value === true) return <>Included</>;
  if (value === false)
    return (
      <Text span c="dimmed">
        Not included
      </Text>
    );
  return <>{value}</>;
}

export default function Pricing() {
  return (
    <PageContainer>
      <PageHero
        eyebrow="Product · pricing"
        title="Pricing"
        lead="Three plans, priced per workspace per month in US dollars, before tax. Every plan has the whole transparency promise: families' pages, summaries, the access log and data export."
      />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" component="section" aria-label="Plans">
        {PLANS.map((plan) => (
          <div key={plan.name} className="card plan-card">
            <Stack gap="sm">
              <Title order={2} size="h3">
                {plan.name}
              </Title>
              <Text>
                <Text span fz={36} fw={800}>
                  {plan.price}
                </Text>{" "}
                <Text span c="dimmed">
                  per month
                </Text>
              </Text>
              <Text c="dimmed">{plan.for}</Text>
              <Checklist items={plan.includes} />
              <Button component={Link} to="/signup" variant={plan.name === "Team" ? "filled" : "default"}>
                Start on {plan.name}
                <span className="visually-hidden"> plan</span>
              </Button>
            </Stack>
          </div>
        ))}
      </SimpleGrid>
      <Section title="Compare the plans" id="compare">
        {/* A region that scrolls sideways on phones must be reachable by keyboard (WCAG 2.1.1). */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div className="comparison-table-wrap" tabIndex={0} role="region" aria-labelledby="compare-caption">
          <table className="comparison-table">
            <caption id="compare-caption" className="visually-hidden">
              What each plan includes; features marked Coming are being built
            </caption>
            <thead>
              <tr>
                <th scope="col">Feature</th>
                {PLANS.map((plan) => (
                  <th key={plan.name} scope="col">
                    {plan.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ROWS.map((row) => (
                <tr key={row.feature}>
                  <th scope="row">
                    {row.feature} {row.planned ? <PlannedBadge /> : null}
                  </th>
                  {row.cells.map((cell, index) => (
                    <td key={index}>
                      <CellValue value={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
      <Section title="Good to know" id="notes">
        <Checklist
          items={[
            <>
              Features marked <PlannedBadge /> are being built and join each plan as they ship, at no extra cost.
            </>,
            "Limits count active students: paused and former students do not count.",
            "Glassroom is open source. You may run it on your own server with every feature and no plan at all; the plans are for workspaces we host.",
            "Change plan or leave at any time; a parent's download of everything held about their child works on every plan.",
          ]}
        />
      </Section>
      <ClosingCall title="Start your workspace" body="Start a workspace, add your students and invite their families; choose the plan that fits your size." />
    </PageContainer>
  );
}
