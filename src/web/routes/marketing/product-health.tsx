import { Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { Checklist, ClosingCall, PageContainer, PageHero, PlannedBadge, Section } from "../../features/marketing/blocks.tsx";
import { publicMetaFor } from "../../lib/public-meta.ts";

export const meta = () => publicMetaFor("/product/health");

export default function ProductHealth() {
  return (
    <PageContainer>
      <PageHero
        eyebrow="Product · health cards"
        title={
          <>
            Student health cards and alerts <PlannedBadge />
          </>
        }
        lead="A card per student that shows, in words, whether things are going well — and alerts that reach the right person before a student quietly drifts away."
      />
      <div className="card note" role="note" aria-labelledby="being-built">
        <Title order={2} size="h4" id="being-built">
          Being built
        </Title>
        <Text mt={4}>
          Health cards and alerts are not in Glassroom yet. This page describes what we are building. The data they read — attendance, engagement,
          understanding, homework and assessment scores from every <Link to="/product/sessions">session report</Link> — is collected today.
        </Text>
      </div>
      <Section title="What a health card will show" id="card">
        <Checklist
          items={[
            "Attendance rate, no-shows and late cancellations over a trailing window.",
            "Engagement and understanding trends across recent sessions.",
            "Homework completion and assessment trend.",
            "Days since the last session.",
            "Package hours left and the projected run-out date, and overdue invoices, once billing is in.",
            "An overall status (green, amber, red) and a risk score from 0 to 100, each with the reasons that produced it.",
          ]}
        />
        <Text>Admins, the student's assigned tutors and the guardians will see the card; the student will see a simpler version.</Text>
      </Section>
      <Section title="Alerts from rules you tune" id="alerts">
        <Checklist
          items={[
            "Two no-shows in 30 days.",
            "Engagement down a point over four sessions.",
            "No session in 21 days.",
            "Fewer than two package hours left.",
            "An invoice 14 days overdue.",
            "A report missing 48 hours after a session (today this list is already on the admin's dashboard).",
          ]}
        />
        <Text>Each alert will have a severity, an audience and a status — open, acknowledged, resolved — and resolve itself when its condition clears.</Text>
      </Section>
      <ClosingCall body="Start now with sessions and reports: the history your health cards will read begins with the first report you file." />
    </PageContainer>
  );
}
