import { Checklist, ClosingCall, PageContainer, PageHero, ProblemAnswers, Section } from "../../features/marketing/blocks.tsx";
import { Screenshot } from "../../features/marketing/screenshot.tsx";
import { publicMetaFor } from "../../lib/public-meta.ts";
import { CONTENT_PAGE_HANDLE } from "../../lib/content-page.ts";

export const handle = CONTENT_PAGE_HANDLE;

export const meta = () => publicMetaFor("/solutions/solo-tutors");

export default function SoloTutors() {
  return (
    <PageContainer>
      <PageHero
        eyebrow="Solutions · solo tutors"
        title="Glassroom for solo tutors"
        lead="You teach, plan, write to parents and chase payments, often after a full day. Glassroom keeps your lessons, notes and families in one place, and turns the report you file after a lesson into the update the parent reads."
      />
      <Section title="The problems, and how Glassroom answers them" id="problems">
        <ProblemAnswers
          items={[
            {
              problem: "Your schedule lives in three places",
              answer:
                "Your Jobs calendar holds every session, single or weekly, with week, month and list views. Drag a session to move it; Glassroom refuses a double booking of you or a student and says which session clashes. Your calendar feed shows it all in Google, Apple or Outlook Calendar.",
            },
            {
              problem: "Parents ask “how is it going?” and you write the same message again and again",
              answer:
                "After a lesson you record attendance, topics, homework, understanding and engagement on a 1–5 scale. Glassroom drafts a summary for the family in plain sentences; you edit it and share it, and the guardians get it by email.",
            },
            {
              problem: "Reminders and cancellations eat your evenings",
              answer:
                "Reminder emails go to you, the guardians and students before each session, at the lead time you choose. Families ask for a cancellation from their page, and your late-cancellation notice period is shown to them before they ask.",
            },
            {
              problem: "Notes about a student are scattered and you cannot show a parent what you hold",
              answer:
                "Each student has one record: grade, school, subjects, goals, notes and every report. Parents see their child's record and who opened it, and can download it all.",
            },
            {
              problem: "Chasing payments for hour packages",
              answer:
                "Hour packages that each session draws down, numbered invoices with PDFs, card payments and autopay through your own Stripe account, and a balance families can check line by line.",
            },
          ]}
        />
      </Section>
      <Section title="Your week with Glassroom" id="week">
        <Screenshot name="tutor-calendar" caption="A tutor's Jobs calendar in the demo workspace." />
        <Checklist
          items={[
            "Monday: the week is on your calendar and on your phone's calendar through your private feed.",
            "Before each lesson: the family has had its reminder; the online link or location is on the session.",
            "After each lesson: the report takes a couple of minutes, the summary is drafted for you.",
            "Any time: your Reports list shows every past session still waiting for its report.",
          ]}
        />
      </Section>
      <ClosingCall
        title="Start on the Solo plan"
        body="One tutor, your students and their families. Start a workspace, add your students and invite their parents — each invitation names the child, so accepting it links them."
      />
    </PageContainer>
  );
}
