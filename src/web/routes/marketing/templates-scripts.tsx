import { SimpleGrid } from "@mantine/core";
import { ClosingCall, PageContainer, PageHero, Section } from "../../features/marketing/blocks.tsx";
import { CopyBlock } from "../../features/marketing/copy-block.tsx";
import { publicMetaFor } from "../../lib/public-meta.ts";
import { CONTENT_PAGE_HANDLE } from "../../lib/content-page.ts";

export const handle = CONTENT_PAGE_HANDLE;

export const meta = () => publicMetaFor("/resources/templates-scripts");

const PARENT_UPDATES = [
  {
    title: "Weekly parent update",
    text: `Hi [Parent name],

Here is [Student]'s update for the week of [date].

This week we worked on: [topics].
What went well: [one specific thing, e.g. "set up both simultaneous equations without prompting"].
What we are still building: [one specific thing].
Homework for next time: [task], about [minutes] minutes.

Next session: [day, date, time].
Any questions, just reply to this message.

[Your name]`,
  },
  {
    title: "Progress update at the end of a month",
    text: `Hi [Parent name],

A month in, here is where [Student] stands against the goal we agreed: [goal].

Attendance: [n] of [n] sessions.
Homework: completed [n] of [n] times.
Then: [where they started, e.g. "could not factor quadratics"].
Now: [where they are, e.g. "factors most quadratics; still unsure with negative coefficients"].

Plan for next month: [two or three concrete steps].
If it would help to talk it through, I can do a 15-minute call on [days].

[Your name]`,
  },
  {
    title: "A concern, raised early",
    text: `Hi [Parent name],

I want to let you know early about something I have noticed with [Student], so we can work on it together.

Over the last [n] sessions, [observation, e.g. "homework has not been done and engagement has dropped"].
In sessions I am [what you are doing about it].
At home it would help if [one small, specific request].

I will update you again after [date]. Please tell me if anything has changed at home or school that I should know about.

[Your name]`,
  },
];

const SESSION_REPORTS = [
  {
    title: "Session report",
    text: `Session: [date], [subject], [duration]
Attendance: [present / late / absent]
Topics covered: [topics]
Previous homework: [completed / partly / not done / none set]
Homework set: [task, due date]
Understanding (1–5): [n] — [one sentence why]
Engagement (1–5): [n] — [one sentence why]
Assessment score (optional): [score]
Next steps: [what next session starts with]
Private note (not shared with the family): [note]`,
  },
  {
    title: "Family summary of a session",
    text: `Today [Student] worked on [topics]. [He/She/They] [was on time / joined late] and was [engaged / quieter than usual].

[Student] is getting confident with [strength] and will keep practising [area to build].

Homework: [task], due [date].
Next session: [day, date, time].`,
  },
];

const ENQUIRY_SCRIPTS = [
  {
    title: "Reply to a new enquiry",
    text: `Hi [Name],

Thank you for getting in touch about [subject] for [Student]. I would be glad to help.

To suggest the right plan, could you tell me:
1. [Student]'s year and school, and the exam or goal you have in mind;
2. what has been hardest so far;
3. which days and times suit you.

I offer a [length] first session at [price / no charge] so [Student] can see how we work. After each session you receive a short written summary of what we covered and the homework set.

[Your name]`,
  },
  {
    title: "Follow-up when an enquiry goes quiet",
    text: `Hi [Name],

I am following up on your enquiry about [subject] for [Student]. I still have [day/time] free if you would like to start with a first session.

If now is not the right time, no problem — just let me know and I will not follow up again.

[Your name]`,
  },
  {
    title: "Phone call: first conversation",
    text: `1. Thank them, and confirm the student's name, year and subject.
2. Ask: "What made you look for a tutor now?" Listen; note the goal in their words.
3. Ask what has been tried and what has been hardest.
4. Explain how sessions work: length, place or online link, the report and summary after each one, reminders, how to cancel.
5. Explain what the family can see: every session, every summary, and who opened the student's record.
6. Offer two concrete times for a first session.
7. Confirm by email the same day, with the time, place or link, and price.`,
  },
];

export default function TemplatesScripts() {
  return (
    <PageContainer>
      <PageHero
        eyebrow="Resources"
        title="Templates and scripts"
        lead="Copy, fill in the brackets and send. Parent updates, session reports and enquiry replies written for tutors who want families to understand exactly what is happening — free to use, in Glassroom or anywhere else."
      />
      <Section title="Parent updates" id="parent-updates">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {PARENT_UPDATES.map((template) => (
            <CopyBlock key={template.title} {...template} />
          ))}
        </SimpleGrid>
      </Section>
      <Section
        title="Session reports"
        id="session-reports"
        intro="In Glassroom the report is a form and the family summary is drafted from it; these are the same structure for notes kept anywhere."
      >
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {SESSION_REPORTS.map((template) => (
            <CopyBlock key={template.title} {...template} />
          ))}
        </SimpleGrid>
      </Section>
      <Section title="Enquiry reply scripts" id="enquiries">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {ENQUIRY_SCRIPTS.map((template) => (
            <CopyBlock key={template.title} {...template} />
          ))}
        </SimpleGrid>
      </Section>
      <ClosingCall body="Let the report drive the update: in Glassroom, the report you file after a session drafts the family's summary for you." />
    </PageContainer>
  );
}
