/**
 * The playbook's steps, in order: their words, the analytics figure that goes with each, where
 * in the app it is done, and how it is ticked — from what the workspace's data says (`check`,
 * over the facts read once per request in facts.ts) or by hand where no data can tell.
 */
import type { PlaybookGroup, PlaybookStepKey } from "../../../shared/schemas/growth-playbook.ts";
import type { PlaybookFacts } from "./facts.ts";

export interface StepCheck {
  done: boolean;
  /** What the data says now, in a few words. */
  evidence: string;
}

export interface StepDefinition {
  key: PlaybookStepKey;
  group: PlaybookGroup;
  title: string;
  advice: string;
  /** The analytics metric (registry key) that shows the step's effect. */
  kpi: string | null;
  link: { label: string; href: string };
  /** Absent: ticked by hand. */
  check?: (facts: PlaybookFacts) => StepCheck;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString("en-GB")} ${count === 1 ? one : many}`;
const atLeast = (count: number, wanted: number, one: string, many?: string): StepCheck => ({
  done: count >= wanted,
  evidence: wanted === 1 ? plural(count, one, many) : `${count.toLocaleString("en-GB")} of ${plural(wanted, one, many)}`,
});

export const PLAYBOOK_STEPS: readonly StepDefinition[] = [
  {
    key: "tutors-joined",
    group: "set-up",
    title: "Bring your tutors into the workspace",
    advice:
      "Invite every tutor as a member, even part-timers: their calendars, reports and pay then live in one place, and families see one business rather than a set of freelancers. Invitations fix the role, so nobody joins as the wrong kind of account.",
    kpi: "hours-by-tutor",
    link: { label: "Invite tutors", href: "/admin/members" },
    check: (facts) => atLeast(facts.activeTutors, 1, "active tutor"),
  },
  {
    key: "availability-set",
    group: "set-up",
    title: "Set each tutor's weekly availability",
    advice:
      "Availability is what you can sell. With every tutor's weekly hours entered, the calendar warns before a session is booked outside them, and utilisation tells you who has room for the next enquiry before you say yes to it.",
    kpi: "tutor-utilisation",
    link: { label: "Open the tutors", href: "/admin/tutors" },
    check: (facts) => ({
      done: facts.activeTutors > 0 && facts.tutorsWithAvailability >= facts.activeTutors,
      evidence: `${facts.tutorsWithAvailability} of ${plural(facts.activeTutors, "active tutor")}`,
    }),
  },
  {
    key: "packages-on-sale",
    group: "set-up",
    title: "Put hour packages on sale",
    advice:
      "Prepaid packages (10 or 20 hours, a small discount per hour) turn a family's intention into a commitment and your income into something you can plan. Keep two or three sizes; more choice slows the decision down.",
    kpi: "package-sales",
    link: { label: "Set up packages", href: "/admin/billing" },
    check: (facts) => atLeast(facts.packagesOnSale, 1, "package on sale", "packages on sale"),
  },
  {
    key: "first-package",
    group: "set-up",
    title: "Sell your first package",
    advice:
      "Offer the package at the end of a good first month, when the family has seen the summaries and knows the tutor. The hours then draw down by themselves as sessions are reported, and the family sees what is left.",
    kpi: "prepaid-hours-outstanding",
    link: { label: "Sell a package", href: "/admin/billing" },
    check: (facts) => atLeast(facts.packagesSold, 1, "package sold", "packages sold"),
  },
  {
    key: "enquiry-page-lead",
    group: "get-enquiries",
    title: "Publish your enquiry page and get a lead from it",
    advice:
      "Put the enquiry page's address, or its embed snippet, on your website and in your email signature. Every enquiry then lands in the pipeline with its source and a first-response task, instead of in someone's inbox.",
    kpi: "lead-conversion",
    link: { label: "Find the enquiry page", href: "/admin/settings" },
    check: (facts) => atLeast(facts.enquiryPageLeads, 1, "lead from the enquiry page", "leads from the enquiry page"),
  },
  {
    key: "referral-lead",
    group: "get-enquiries",
    title: "Ask happy families for referrals",
    advice:
      "A family whose child's summaries have been good for a term is your best advertisement. Ask them directly, after a good report, whether they know another family who could use help; record those leads with the source Referral so you can see what they are worth.",
    kpi: "lead-conversion",
    link: { label: "Add a lead", href: "/admin/crm" },
    check: (facts) => atLeast(facts.referralLeads, 1, "referral lead"),
  },
  {
    key: "first-trial",
    group: "convert",
    title: "Offer a trial lesson",
    advice:
      "A trial lesson converts better than any call: the family meets the tutor and sees a real report afterwards. Book it from the lead so it sits on the tutor's calendar, and file the feedback the same day while the family is still deciding.",
    kpi: "lead-conversion",
    link: { label: "Open the pipeline", href: "/admin/crm" },
    check: (facts) => atLeast(facts.trials, 1, "trial lesson"),
  },
  {
    key: "first-conversion",
    group: "convert",
    title: "Turn a lead into an enrolled student",
    advice:
      "Convert from the lead once the family says yes: the students, the family's account, the tutor and the guardians' invitations are made in one step, and the lead's history stays on the student's record.",
    kpi: "new-students",
    link: { label: "Open the pipeline", href: "/admin/crm" },
    check: (facts) => atLeast(facts.conversions, 1, "lead converted", "leads converted"),
  },
  {
    key: "ten-summaries",
    group: "keep-families",
    title: "Share ten session summaries with families",
    advice:
      "Families stay when they can see progress. A short summary after every session (what was covered, how it went, the homework) is what parents read and quote back; the first ten set the habit for your tutors.",
    kpi: "report-completion",
    link: { label: "Open the calendar", href: "/admin/calendar" },
    check: (facts) => atLeast(facts.summariesShared, 10, "summary shared", "summaries shared"),
  },
  {
    key: "low-balance-reminders",
    group: "keep-families",
    title: "Warn families before their hours run out",
    advice:
      "A family that runs out of hours mid-term often just stops. The low-balance email goes out once when a child's hours fall below the threshold you set, early enough to renew without a gap in lessons.",
    kpi: "prepaid-hours-outstanding",
    link: { label: "Billing settings", href: "/admin/settings" },
    check: (facts) => ({
      done: facts.lowBalanceMinutes > 0,
      evidence: facts.lowBalanceMinutes > 0 ? `on, below ${facts.lowBalanceMinutes / 60} hours` : "off",
    }),
  },
  {
    key: "overdue-reminders",
    group: "keep-families",
    title: "Remind unpaid invoices by themselves",
    advice:
      "Chasing money by hand strains the relationship with a family. Overdue reminders go out on the days after the due date you choose, politely and every time, so you never have to be the one who asks.",
    kpi: "revenue-outstanding",
    link: { label: "Billing settings", href: "/admin/settings" },
    check: (facts) => ({
      done: facts.overdueReminderDays.length > 0,
      evidence: facts.overdueReminderDays.length > 0 ? `${facts.overdueReminderDays.join(", ")} days after the due date` : "off",
    }),
  },
  {
    key: "health-rules-reviewed",
    group: "keep-families",
    title: "Review the health rules and publish your own",
    advice:
      "The default rules flag missed sessions, misses in a row and falling engagement. Tune the thresholds to how your families actually book (weekly, fortnightly, exam season) and publish them: families can read the rules that score their child.",
    kpi: "health-distribution",
    link: { label: "Open the health rules", href: "/admin/health/rules" },
    check: (facts) => atLeast(facts.rulesPublishedByHand, 1, "version published", "versions published"),
  },
  {
    key: "policy-acknowledged",
    group: "keep-families",
    title: "Have every family acknowledge your cancellation policy",
    advice:
      "A late-cancellation charge is only fair if the family agreed to the rule beforehand. Put the policy in Resources for parents, ask them to acknowledge it, and name it in the billing settings: each charge then cites the version in force and when the family acknowledged it, which ends most arguments before they start. Remind the stragglers from the document's page.",
    kpi: "cancellations-and-no-shows",
    link: { label: "Open the resources", href: "/admin/resources" },
    check: (facts) =>
      !facts.policyDocumentNamed
        ? { done: false, evidence: "no cancellation policy document named in the billing settings" }
        : {
            done: facts.parents > 0 && facts.parentsAwaitingPolicy === 0,
            evidence: `${(facts.parents - facts.parentsAwaitingPolicy).toLocaleString("en-GB")} of ${plural(facts.parents, "parent")} acknowledged`,
          },
  },
  {
    key: "reviews-asked",
    group: "keep-families",
    title: "Ask families for a public review",
    advice:
      "Reviews on Google or a local directory bring enquiries you do not pay for. Ask at a moment of visible progress (a better grade, an exam passed), send the link in the same message, and ask again once a term. Tick this step when you have a routine for it.",
    kpi: "retention",
    link: { label: "See retention", href: "/admin/reports" },
  },
  {
    key: "first-pay-run",
    group: "grow-tutors",
    title: "Pay your tutors from a pay run",
    advice:
      "Tutors stay where pay is right and on time. A pay run collects every reported session of the period at each tutor's rate; confirm it, export it for payroll, and each tutor reads the same statement you do.",
    kpi: "hours-by-tutor",
    link: { label: "Open tutor pay", href: "/admin/pay" },
    check: (facts) => atLeast(facts.payRunsConfirmed, 1, "pay run confirmed", "pay runs confirmed"),
  },
  {
    key: "reports-on-time",
    group: "grow-tutors",
    title: "Get nine reports in ten filed within 48 hours",
    advice:
      "A report filed the same day is accurate and reaches the family while the lesson is fresh. Make it part of the job: tutors are paid for a session once its report is filed, and the missing-report list shows who is behind.",
    kpi: "report-completion",
    link: { label: "See report completion", href: "/admin/reports" },
    check: (facts) =>
      facts.reportsOnTime === null
        ? { done: false, evidence: "no completed sessions in the last 30 days" }
        : { done: facts.reportsOnTime >= 0.9, evidence: `${Math.round(facts.reportsOnTime * 100)}% in the last 30 days` },
  },
  {
    key: "tutor-check-ins",
    group: "grow-tutors",
    title: "Meet each tutor once a term",
    advice:
      "Half an hour per tutor per term: their students' health cards, their report completion, what they would like to teach more of. It is where you hear first that a tutor is stretched or about to leave. Tick this step when the meetings are in your calendar.",
    kpi: "tutor-utilisation",
    link: { label: "Open the tutors", href: "/admin/tutors" },
  },
];
