import { Text } from "@mantine/core";
import { Link } from "react-router";
import { Checklist, ClosingCall, PageContainer, PageHero, Section } from "../../features/marketing/blocks.tsx";
import { publicMetaFor } from "../../lib/public-meta.ts";
import { CONTENT_PAGE_HANDLE } from "../../lib/content-page.ts";

export const handle = CONTENT_PAGE_HANDLE;

export const meta = () => publicMetaFor("/product/health");

/*
 * The default rules and bands are written out here rather than imported from the app's rules
 * (src/shared/schemas/student-health.ts): that module brings zod, which this pre-rendered page
 * must not load. Keep the two in step when the defaults change.
 */
const DEFAULT_RULES = [
  "Missed 10% or more of the sessions held (cancellations made in time apart): +20; 20% or more: +35 instead.",
  "Missed the last 2 sessions in a row: +15.",
  "Received less than 80% of the minutes planned: +15.",
  "Engagement rated 2 or lower (of 5) in 2 of the last 3 reports: +10.",
  "Understanding down by a point or more from the first to the last of the latest 4 reports: +10.",
  "No session attended for 21 days: +15.",
  "Homework not done in 3 of the latest 6 reports that set some: +10.",
] as const;

export default function ProductHealth() {
  return (
    <PageContainer>
      <PageHero
        eyebrow="Product · health cards"
        title="Student health cards and alerts"
        lead="A card per student that says, in words, how things are going, with a risk score anyone can add up, and alerts that reach the right person before a student quietly drifts away."
      />
      <Section title="What a health card shows" id="card">
        <Checklist
          items={[
            "Attendance over the last 8 weeks (sessions attended ÷ sessions held; a cancellation made in time does not count against the student), no-shows, late cancellations and misses in a row.",
            "Minutes of tutoring received against the minutes planned.",
            "Engagement and understanding from the latest reports, homework done, assessment scores, and days since the last session.",
            "Package hours left, the date they run out at the current pace, and overdue invoices, shown beside the score but never counted in it.",
            "The score's trend over the last weeks.",
          ]}
        />
        <Text>
          Every figure comes from the <Link to="/product/sessions">session reports</Link> tutors already file. Admins, the student's assigned tutors and the
          guardians see the card on the student's page; the student sees a simpler version with their own attendance, homework and progress, without the score.
          Cards are brought up to date within a minute of a report being filed or a session being cancelled or moved, and every night.
        </Text>
      </Section>
      <Section
        title="A risk score you can add up"
        id="score"
        intro="No model and no hidden weights: the score is the sum of the points of the rules that fire, from 0 to 100, and each one is written out with the sessions behind it."
      >
        <Text fw={700}>The rules every workspace starts with</Text>
        <Checklist items={DEFAULT_RULES} />
        <Text>
          A score of 0 to 19 is on track, 20 to 39 is watch, and 40 or more is act. A reason reads like “Missed 3 of 16 sessions (19%) in the last 8 weeks:
          +20”, with links to those sessions.
        </Text>
      </Section>
      <Section title="Rules you tune, and families can read" id="rules">
        <Checklist
          items={[
            "Admins change each rule's thresholds and points, turn a rule off, or keep it for staff only, and move the bands and the window.",
            "Each change is published as a numbered version with what changed, and every card says which version scored it; the cards are scored again under the new rules.",
            "Families read the rules that apply to their child, in words, on a thresholds page with the history of every change they can see.",
            "A rule kept for staff never counts in the score a family sees, so what a family reads always adds up.",
          ]}
        />
      </Section>
      <Section title="Alerts that resolve themselves" id="alerts">
        <Checklist
          items={[
            "A rule that fires while a student is at watch or act opens an alert, with its reason and its sessions.",
            "Package hours below the workspace's low-balance mark, and an invoice 14 days overdue.",
            "A session report still missing two days after the session (for staff only).",
          ]}
        />
        <Text>
          There is one alert per student and kind while its condition holds. Staff acknowledge it, plan an action with a date, or dismiss it with a reason. When
          the condition clears (the student attends again, hours are topped up, the invoice is paid) the alert resolves itself and says how. Each person has a
          list of the alerts they may see in the app (admins every alert, tutors their students' without billing, guardians the ones shown to families) and a
          daily digest by email from 07:00, with the topics they choose.
        </Text>
      </Section>
      <Section title="Families can question the facts" id="questions">
        <Text maw={760}>
          If an absence was excused, or a rating, homework or score is wrong, a guardian questions that data point from the card. An admin accepts it (the
          absence is excused or the report corrected, and the card is scored again at once) or answers with a reason; the exchange stays on the card.
        </Text>
      </Section>
      <ClosingCall body="Start with sessions and reports: every report you file feeds your students' health cards from the first day." />
    </PageContainer>
  );
}
