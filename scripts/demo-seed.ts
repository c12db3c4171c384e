/**
 * Makes the demo workspace of scripts/demo-data.ts through the real API, with the factories
 * the tests use (sign-up, the mailed confirmation link, approval, the admin operations), so
 * that every row, audit entry and mail is what the product itself would write. Used by
 * `npm run demo` (scripts/demo.ts) and by tests/demo-seed.test.ts.
 */
import type { ApiClient } from "../tests/client.ts";
import { createAdmin, createPendingJoiner, signIn, type FactoryContext } from "../tests/factories.ts";
import {
  assignTutor,
  createSession,
  createStudent,
  inviteMember,
  linkGuardian,
  setTutorAvailability,
  setTutorProfile,
  signUpWithInvitation,
} from "../tests/people-factories.ts";
import {
  DEMO_ADMIN,
  DEMO_ADULT_LEARNERS,
  DEMO_CANCELLATION_REASONS,
  DEMO_CARDS,
  DEMO_FAMILIES,
  DEMO_HEALTH_QUESTIONS,
  DEMO_HEALTH_STORIES,
  DEMO_JOIN_REQUEST,
  DEMO_PASSWORD,
  DEMO_PENDING_INVITATION,
  DEMO_REPORT_TOPICS,
  DEMO_SESSION_PLACES,
  DEMO_TERM,
  DEMO_TUTORS,
  DEMO_WORKSPACE,
  familyEmail,
  type DemoHealthQuestion,
  type DemoHealthStory,
  type DemoMiss,
  type DemoStudent,
} from "./demo-data.ts";
import {
  collect,
  gatherFamilies,
  correctAttendance,
  issueMonth,
  questionLines,
  sellOpeningPackages,
  setUpBilling,
  type DemoBillingSummary,
  type DemoFamilyAccount,
} from "./demo-billing.ts";
import { cardAccounts, DemoCards, type DemoCardsSummary, type DemoStripe } from "./demo-cards.ts";
import type { DemoClock } from "./demo-clock.ts";
import { recomputeStudents } from "../src/server/features/student-health/index.ts";
import { draftCurrentPay, setUpPay, type DemoPaySummary } from "./demo-pay.ts";
import { seedPipeline, type DemoCrmSummary } from "./demo-crm.ts";
import { seedLibrary, type DemoLibrarySummary } from "./demo-library.ts";

export interface DemoAccount {
  role: "admin" | "tutor" | "parent" | "student";
  name: string;
  email: string;
  note: string;
}

export interface DemoSummary {
  workspaceName: string;
  organizationId: string;
  password: string;
  accounts: DemoAccount[];
  students: number;
  assignments: number;
  /**
   * Sessions of the term: completed (past, reported), no-shows, cancelled late (past, charged),
   * cancelled in good time in the past weeks (`excused`), past ones still to report, scheduled
   * and cancelled (future); and the summaries shared with families.
   */
  sessions: {
    completed: number;
    noShow: number;
    lateCancelled: number;
    excused: number;
    unreported: number;
    scheduled: number;
    cancelled: number;
    summariesShared: number;
  };
  /** Open cancellation requests, asked by parents, for the tutors' and the admin's dashboards. */
  cancellationRequests: number;
  billing: DemoBillingSummary;
  pay: DemoPaySummary;
  /** Card payments through the Stripe test double; null when the seed ran without one. */
  cards: DemoCardsSummary | null;
  /** Families' questions about their children's cards (DEMO_HEALTH_QUESTIONS): answered with a reason, accepted, still open. */
  healthQuestions: { answered: number; accepted: number; open: number };
  /** The sales pipeline (scripts/demo-crm.ts): leads by stage and source, tasks, trials, conversions. */
  crm: DemoCrmSummary;
  /** The library (scripts/demo-library.ts): its resources and the families who acknowledged the cancellation policy. */
  library: DemoLibrarySummary;
}

const DAY = 86_400_000;
/** A date `days` before today (UTC), YYYY-MM-DD: the demo stays current whenever it is made. */
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);

/** The local date (YYYY-MM-DD), ISO weekday and minute of the day now in `timeZone`. */
function localNow(timeZone: string): { date: string; weekday: number; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  );
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  return { date, weekday, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

interface WeeklySlot {
  weekday: number;
  start: number;
  /** Inside the tutor's week (else the session needs the outside-availability confirmation). */
  available: boolean;
}

/** The tutor's hour slots inside their week, then (if those run out) weekday evenings and weekend days outside it. */
function weeklySlots(week: [number, string, string][]): WeeklySlot[] {
  const inside = week.flatMap(([weekday, from, to]) => {
    const slots: WeeklySlot[] = [];
    for (let start = toMinutes(from); start + DEMO_TERM.minutes <= toMinutes(to); start += DEMO_TERM.minutes) slots.push({ weekday, start, available: true });
    return slots;
  });
  const outside: WeeklySlot[] = [];
  for (const weekday of [1, 2, 3, 4, 5, 6, 7]) for (let hour = 14; hour <= 20; hour++) outside.push({ weekday, start: hour * 60, available: false });
  return [...inside, ...outside];
}

interface TermAssignment {
  tutorMemberId: string;
  tutorName: string;
  studentId: string;
  /** The student's term, when it is one of DEMO_HEALTH_STORIES. */
  story: DemoHealthStory | undefined;
  subject: string;
}

/**
 * A weekly series per current assignment of an active student, through the sessions API: the
 * last DEMO_TERM.pastWeeks occurrences to report or, in a student's story, to miss (each a
 * ReportJob, played in time order by playWeek), the next
 * DEMO_TERM.futureWeeks scheduled, and one of them cancelled by the family (a holiday). No
 * tutor or student is booked twice: each takes the tutor's first free slot that does not
 * overlap the student's.
 */
async function seedTerm(
  admin: ApiClient,
  tutors: Map<string, DemoTutor>,
  assignments: TermAssignment[],
  reports: ReportJob[],
): Promise<DemoSummary["sessions"]> {
  const zone = DEMO_WORKSPACE.timeZone;
  const now = localNow(zone);
  const taken = new Map<string, { weekday: number; start: number }[]>();
  const overlaps = (key: string, slot: WeeklySlot) =>
    (taken.get(key) ?? []).some((other) => other.weekday === slot.weekday && Math.abs(other.start - slot.start) < DEMO_TERM.minutes);
  const book = (key: string, slot: WeeklySlot) => taken.set(key, [...(taken.get(key) ?? []), { weekday: slot.weekday, start: slot.start }]);
  const totals = { completed: 0, noShow: 0, lateCancelled: 0, excused: 0, unreported: 0, scheduled: 0, cancelled: 0, summariesShared: 0 };
  for (const [index, item] of assignments.entries()) {
    const slot = weeklySlots(tutors.get(item.tutorMemberId)!.week).find(
      (candidate) => !overlaps(item.tutorMemberId, candidate) && !overlaps(item.studentId, candidate),
    );
    if (!slot) throw new Error(`No free weekly slot for ${item.subject} with ${item.tutorName}`);
    book(item.tutorMemberId, slot);
    book(item.studentId, slot);
    // The first occurrence not yet over (one in progress now is still to come: it cannot be
    // reported yet), then back over the past weeks.
    let ahead = (slot.weekday - now.weekday + 7) % 7;
    if (ahead === 0 && slot.start + DEMO_TERM.minutes <= now.minutes) ahead = 7;
    const first = addDays(now.date, ahead - 7 * DEMO_TERM.pastWeeks);
    const place = DEMO_SESSION_PLACES[item.tutorName] ?? { location: null, onlineUrl: null };
    const { items } = await createSession(admin, {
      tutorMemberId: item.tutorMemberId,
      studentIds: [item.studentId],
      subject: item.subject,
      startsAt: `${first}T${toTime(slot.start)}`,
      endsAt: `${first}T${toTime(slot.start + DEMO_TERM.minutes)}`,
      timeZone: zone,
      location: place.location,
      onlineUrl: place.onlineUrl,
      notes: index % 4 === 0 ? "Bring the class textbook and last week's homework." : "",
      repeat: { frequency: "weekly", count: DEMO_TERM.pastWeeks + DEMO_TERM.futureWeeks },
      confirmOutsideAvailability: !slot.available,
    });
    const past = items.slice(0, DEMO_TERM.pastWeeks);
    for (const [week, session] of past.entries())
      reports.push({
        tutor: tutors.get(item.tutorMemberId)!.client,
        index,
        item,
        week,
        latest: week === past.length - 1,
        session,
        miss: item.story?.misses?.[week],
      });
    totals.scheduled += DEMO_TERM.futureWeeks;
    if (index === 0) {
      const holiday = items[DEMO_TERM.pastWeeks + 3]!;
      const cancelled = await admin.post(`/api/admin/sessions/${holiday.id}/cancel`, { scope: "this", reason: "Family holiday, as the family asked." });
      if (cancelled.status !== 200) throw new Error(`Cancelling a session failed with ${cancelled.status}: ${cancelled.text}`);
      totals.scheduled--;
      totals.cancelled++;
    }
  }
  return totals;
}

/**
 * Open cancellation requests waiting on the dashboards: each parent asks, through the API, to
 * cancel the second coming session of their children still scheduled (a day or more ahead).
 */
async function askToCancel(ctx: FactoryContext, parents: DemoAccount[]): Promise<number> {
  let asked = 0;
  for (const [index, parent] of parents.entries()) {
    const client = await signIn(ctx, parent.email, DEMO_PASSWORD);
    const range = new URLSearchParams({ from: new Date(Date.now() + DAY).toISOString(), to: new Date(Date.now() + 21 * DAY).toISOString() });
    const listed = await client.get<{ items: { id: string; status: string }[] }>(`/api/parent/sessions?${range}`);
    const session = listed.body.items.filter((item) => item.status === "scheduled")[1];
    if (!session) throw new Error(`${parent.name} has no coming session to ask about (${listed.status}).`);
    const reason = DEMO_CANCELLATION_REASONS[index % DEMO_CANCELLATION_REASONS.length]!;
    const request = await client.post(`/api/parent/sessions/${session.id}/cancellation-requests`, { reason });
    if (request.status !== 201) throw new Error(`Asking to cancel failed with ${request.status}: ${request.text}`);
    asked++;
  }
  return asked;
}

/**
 * A past session's turn: its report, filed by its tutor two hours after it ended (the demo
 * clock is moved there), or at once if that is still to come; or, when the student's story
 * misses it by cancelling, its cancellation at the moment the family called.
 */
interface ReportJob {
  tutor: ApiClient;
  /** The series' place among the term's series, and the week in it. */
  index: number;
  item: TermAssignment;
  week: number;
  latest: boolean;
  session: { id: string; startsAt: string; endsAt: string };
  /** How the student's story misses this week, if it does. */
  miss: DemoMiss | undefined;
}

const HOUR = 3_600_000;
/** When the job happens: the family's call before the session, else two hours after it ended. */
const filedAt = ({ miss, session }: ReportJob) => {
  if (miss?.kind === "late_cancelled") return Date.parse(session.startsAt) - miss.noticeHours * HOUR;
  if (miss?.kind === "cancelled") return Date.parse(session.startsAt) - miss.noticeDays * DAY;
  return Date.parse(session.endsAt) + 2 * HOUR;
};

/**
 * One past week's turn. Mostly the report, as the session's tutor files it two hours after the
 * session (the access log names who wrote each report and shared each summary), and its
 * summary shared an hour later: varied attendance, ratings and scores; the latest week's
 * summary is left as a draft. Every fifth series leaves its latest session unreported (the
 * missing-report lists). The students of DEMO_HEALTH_STORIES miss sessions (a no-show in the
 * report; a cancellation, late or in good time, by the front desk when the family called) and
 * get the ratings and homework their story gives. Filing a report or cancelling late bills the
 * session under the cancellation policy.
 */
async function playWeek(clock: DemoClock, admin: ApiClient, job: ReportJob, totals: DemoSummary["sessions"]): Promise<void> {
  const { tutor, index, item, week, latest, session, miss } = job;
  if (miss?.kind === "late_cancelled" || miss?.kind === "cancelled") {
    clock.travelTo(new Date(Math.min(filedAt(job), Date.now())));
    const cancelled = await admin.post(`/api/admin/sessions/${session.id}/cancel`, { scope: "this", reason: miss.reason });
    if (cancelled.status !== 200) throw new Error(`Cancelling a session failed with ${cancelled.status}: ${cancelled.text}`);
    const [status] = (cancelled.body as { items: { status: string }[] }).items.map((saved) => saved.status);
    if (status !== miss.kind) throw new Error(`A session the story cancels as ${miss.kind} was ${status}`);
    if (miss.kind === "late_cancelled") totals.lateCancelled++;
    else totals.excused++;
    return;
  }
  if (latest && index % 5 === 1) {
    totals.unreported++;
    return;
  }
  const topics = DEMO_REPORT_TOPICS[item.subject] ?? [["Review of recent class work", "Finish the class worksheet"]];
  const absent = miss?.kind === "no_show";
  const [covered, homework] = topics[week % topics.length]!;
  const story = item.story;
  const entry = absent
    ? { studentId: item.studentId, attendance: "absent", previousHomework: "none_set", understanding: null, engagement: null, scorePercent: null }
    : {
        studentId: item.studentId,
        attendance: (index + week) % 9 === 0 ? "late" : "present",
        previousHomework:
          story?.homework?.[week] ?? (week === 0 ? "none_set" : (["completed", "completed", "partly", "completed", "not_done"] as const)[(index + week) % 5]),
        understanding: story?.understanding?.[week] ?? 2 + ((index + week) % 4),
        engagement: story?.engagement?.[week] ?? 3 + ((index * 2 + week) % 3),
        scorePercent: week % 3 === 2 ? 55 + ((index * 7 + week * 5) % 43) : null,
      };
  // Two hours after the session, or now for one that ended less than that ago.
  const at = Math.min(filedAt(job), Date.now());
  clock.travelTo(new Date(at));
  const filed = await tutor.put(`/api/tutor/sessions/${session.id}/report`, {
    topics: covered,
    homeworkSet: homework,
    privateNotes: week === 3 ? "Parent asked about moving to two sessions a week; follow up." : "",
    students: [entry],
  });
  if (filed.status !== 200) throw new Error(`Filing a report failed with ${filed.status}: ${filed.text}`);
  if (absent) totals.noShow++;
  else totals.completed++;
  if (latest) return;
  clock.travelTo(new Date(Math.min(at + HOUR, Date.now())));
  const shared = await tutor.post(`/api/tutor/sessions/${session.id}/summaries/${item.studentId}/share`);
  if (shared.status !== 200) throw new Error(`Sharing a summary failed with ${shared.status}: ${shared.text}`);
  totals.summariesShared++;
}

/**
 * The families' questions about their children's cards, as they happened: each guardian asks
 * about a session of the student's story through the parent API, and the admin answers a day
 * later, with a reason or by accepting (an absence excused: the card is scored again at once),
 * or leaves it open in the Questions tab. The clock is moved to each moment and left on it.
 */
async function askAboutCards(ctx: FactoryContext, clock: DemoClock, admin: ApiClient, storySessions: ReportJob[]): Promise<DemoSummary["healthQuestions"]> {
  const moments = DEMO_HEALTH_QUESTIONS.flatMap((question) => [
    { at: Date.now() - question.askedDaysAgo * DAY, question, step: "ask" as const },
    ...(question.answer ? [{ at: Date.now() - question.answer.daysAgo * DAY, question, step: "answer" as const }] : []),
  ]).sort((a, b) => a.at - b.at);
  const contestIds = new Map<DemoHealthQuestion, string>();
  const tally = { answered: 0, accepted: 0, open: 0 };
  for (const { at, question, step } of moments) {
    clock.travelTo(new Date(at));
    if (step === "ask") {
      const job = storySessions.find((candidate) => candidate.item.story?.student === question.student && candidate.week === question.week);
      if (!job) throw new Error(`${question.student} has no session in week ${question.week} to ask about`);
      if (Date.parse(job.session.endsAt) > at) throw new Error(`${question.guardian} would ask about a session that has not ended yet`);
      const parent = await signIn(ctx, familyEmail(question.guardian), DEMO_PASSWORD);
      const asked = await parent.post<{ id: string }>(`/api/parent/students/${job.item.studentId}/health/contests`, {
        sessionId: job.session.id,
        point: question.point,
        message: question.message,
      });
      if (asked.status !== 201) throw new Error(`${question.guardian}'s question failed with ${asked.status}: ${asked.text}`);
      contestIds.set(question, asked.body.id);
      if (!question.answer) tally.open++;
    } else {
      const answered = await admin.post<{ status: string }>(`/api/admin/health/contests/${contestIds.get(question)}/answer`, question.answer!.body);
      if (answered.status !== 200) throw new Error(`Answering ${question.guardian}'s question failed with ${answered.status}: ${answered.text}`);
      tally[question.answer!.body.outcome]++;
    }
  }
  return tally;
}

/** The calendar date of an instant in the workspace's zone (YYYY-MM-DD). */
const localDate = (instant: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: DEMO_WORKSPACE.timeZone }).format(instant);

async function approve(admin: ApiClient, memberId: string, role: "tutor" | "parent"): Promise<void> {
  const response = await admin.post(`/api/admin/approvals/${memberId}/approve`, { role });
  if (response.status !== 200) throw new Error(`Approving ${memberId} as ${role} failed with ${response.status}: ${response.text}`);
}

/** A student's story, if DEMO_HEALTH_STORIES tells one (each is told of one active student with one subject). */
function storyOf(name: string): DemoHealthStory | undefined {
  return DEMO_HEALTH_STORIES.find((story) => story.student === name);
}

/** A confirmed, approved member; its client holds no session (the demo's people sign in themselves). */
async function addMember(ctx: FactoryContext, admin: { client: ApiClient; joinCode: string }, role: "tutor" | "parent", name: string, email: string) {
  const joiner = await createPendingJoiner(ctx, { joinCode: admin.joinCode, fullName: name, email, password: DEMO_PASSWORD });
  await approve(admin.client, joiner.memberId, role);
  return joiner;
}

/** A demo tutor: their week, and a signed-in client to file their own sessions' reports. */
interface DemoTutor {
  name: string;
  week: [number, string, string][];
  client: ApiClient;
}

/**
 * The demo workspace. `clock` must be the clock of the app `ctx` talks to: the seed moves it
 * through the term (see demo-billing.ts) and leaves it on the real time.
 */
export async function seedDemoWorkspace(ctx: FactoryContext, clock: DemoClock, stripe?: DemoStripe): Promise<DemoSummary> {
  const admin = await createAdmin(ctx, { fullName: DEMO_ADMIN.name, email: DEMO_ADMIN.email, password: DEMO_PASSWORD, workspaceName: DEMO_WORKSPACE.name });
  const settings = await admin.client.patch("/api/admin/workspace", { timeZone: DEMO_WORKSPACE.timeZone, currency: DEMO_WORKSPACE.currency });
  if (settings.status !== 200) throw new Error(`Workspace settings failed with ${settings.status}: ${settings.text}`);
  const accounts: DemoAccount[] = [{ role: "admin", name: DEMO_ADMIN.name, email: DEMO_ADMIN.email, note: "runs the workspace" }];

  const tutorBySubject = new Map<string, string>();
  const tutors = new Map<string, DemoTutor>();
  const term: TermAssignment[] = [];
  for (const tutor of DEMO_TUTORS) {
    const joiner = await addMember(ctx, admin, "tutor", tutor.name, tutor.email);
    const memberId = joiner.memberId;
    await setTutorProfile(admin.client, memberId, { subjects: tutor.subjects, bio: tutor.bio, payRateMinor: tutor.payRate, chargeRateMinor: tutor.chargeRate });
    await setTutorAvailability(
      admin.client,
      memberId,
      tutor.week.map(([weekday, startsAt, endsAt]) => ({ weekday, startsAt, endsAt })),
    );
    tutors.set(memberId, { name: tutor.name, week: tutor.week, client: await signIn(ctx, tutor.email, DEMO_PASSWORD, joiner.client) });
    for (const subject of tutor.subjects) if (!tutorBySubject.has(subject)) tutorBySubject.set(subject, memberId);
    accounts.push({ role: "tutor", name: tutor.name, email: tutor.email, note: tutor.subjects.join(", ") });
  }

  let studentCount = 0;
  let assignmentCount = 0;
  const addStudent = async (child: DemoStudent) => {
    const record = await createStudent(admin.client, {
      name: child.name,
      preferredName: child.preferredName ?? null,
      grade: child.grade,
      school: child.school,
      subjects: child.subjects,
      goals: child.goals,
      status: child.status ?? "active",
    });
    const index = studentCount++;
    // Started on different days over the last months; a former student's lessons ended.
    const startsOn = daysAgo(30 + ((index * 17) % 150));
    for (const subject of child.subjects) {
      const tutorMemberId = tutorBySubject.get(subject);
      if (!tutorMemberId) throw new Error(`No demo tutor teaches ${subject}`);
      await assignTutor(admin.client, {
        tutorMemberId,
        studentId: record.id,
        subject,
        startsOn,
        endsOn: child.status === "former" ? daysAgo(20) : null,
        rateOverrideMinor: child.grade === "Adult learner" ? 6000 : null,
      });
      assignmentCount++;
      if ((child.status ?? "active") === "active")
        term.push({ tutorMemberId, tutorName: tutors.get(tutorMemberId)!.name, studentId: record.id, story: storyOf(child.name), subject });
    }
    // Every fifth student also had a tutor last school year: history on the tutor's page.
    if (index % 5 === 0) {
      await assignTutor(admin.client, {
        tutorMemberId: tutorBySubject.get(child.subjects[0]!)!,
        studentId: record.id,
        subject: child.subjects[0]!,
        startsOn: daysAgo(400),
        endsOn: daysAgo(220),
      });
      assignmentCount++;
    }
    return record.id;
  };

  const families: DemoFamilyAccount[] = [];
  for (const family of DEMO_FAMILIES) {
    const childIds: string[] = [];
    for (const child of family.children) childIds.push(await addStudent(child));
    families.push({
      guardian: family.guardians[0]!,
      surname: family.guardians[0]!.split(" ").at(-1)!,
      studentIds: childIds,
      childNames: family.children.map((child) => child.name),
    });
    for (const guardian of family.guardians) {
      const { memberId } = await addMember(ctx, admin, "parent", guardian, familyEmail(guardian));
      for (const childId of childIds) await linkGuardian(admin.client, childId, memberId);
      accounts.push({
        role: "parent",
        name: guardian,
        email: familyEmail(guardian),
        note: `guardian of ${family.children.map((child) => child.preferredName ?? child.name.split(" ")[0]).join(" and ")}`,
      });
    }
    for (const [index, child] of family.children.entries()) {
      if (!child.loginEmail) continue;
      const { token } = await inviteMember(ctx, admin.client, { email: child.loginEmail, role: "student", studentId: childIds[index]! });
      await signUpWithInvitation(ctx, { token, email: child.loginEmail, fullName: child.name, password: DEMO_PASSWORD });
      accounts.push({ role: "student", name: child.name, email: child.loginEmail, note: `${child.grade}, own login` });
    }
  }
  for (const learner of DEMO_ADULT_LEARNERS) await addStudent(learner);
  for (const story of DEMO_HEALTH_STORIES) {
    if (term.filter((item) => item.story === story).length !== 1) throw new Error(`${story.student}'s health story needs an active student with one subject`);
  }
  // The term, in time order: packages at its start, reports as the weeks pass, a month's
  // invoices, payments days later; then back to today.
  const termStart = new Date(Date.now() - (DEMO_TERM.pastWeeks * 7 + 1) * DAY);
  clock.travelTo(termStart);
  const products = await setUpBilling(admin.client);
  // The library as the term starts: its policies acknowledged then, billing citing the cancellation policy.
  const algebra = term.find((item) => item.subject.startsWith("Algebra"))!;
  const library = await seedLibrary(ctx, admin.client, {
    tutors: [...tutors.values()],
    guardians: accounts.filter((account) => account.role === "parent").map((account) => account.name),
    tutorShare: { client: tutors.get(algebra.tutorMemberId)!.client, studentId: algebra.studentId },
  });
  const familyAccounts = await gatherFamilies(admin.client, families);
  const packagesSold = await sellOpeningPackages(admin.client, products, familyAccounts, families, localDate(termStart));
  const cards = stripe ? new DemoCards(ctx, stripe, familyAccounts) : null;
  await cards?.saveCards(admin.organizationId);
  const payPlan = await setUpPay(admin.client, localDate(termStart), Date.now());
  // Scheduled today, as an admin plans a term (the assignments are current now), then reported as the weeks pass.
  clock.backToNow();
  const reports: ReportJob[] = [];
  const sessions = await seedTerm(admin.client, tutors, term, reports);
  // The stories' sessions, which families ask about at the end of the term.
  const storySessions = reports.filter((job) => job.item.story);
  reports.sort((a, b) => filedAt(a) - filedAt(b));
  const fileReportsUntil = async (moment: number) => {
    // Every report filed (or session missed) by then (its charge in the ledger before what happens at `moment`); its summary may be shared an hour later.
    while (reports.length > 0 && filedAt(reports[0]!) <= moment) await playWeek(clock, admin.client, reports.shift()!, sessions);
  };
  // The term's pay runs happen in time order among the reports, invoices and payments.
  const payDue = [...payPlan.steps];
  const advanceTo = async (moment: number) => {
    while (payDue.length > 0 && payDue[0]!.at <= moment) {
      const step = payDue.shift()!;
      await fileReportsUntil(step.at);
      clock.travelTo(new Date(step.at));
      await step.run();
    }
    await fileReportsUntil(moment);
  };
  const invoicedAt = new Date(termStart.getTime() + 29 * DAY);
  await advanceTo(invoicedAt.getTime());
  clock.travelTo(invoicedAt);
  const invoices = await issueMonth(admin.client, localDate(termStart), localDate(new Date(termStart.getTime() + 27 * DAY)));
  // Autopay (its job runs every quarter of an hour): the notice at once, the charge after the
  // three days' wait, a declined card tried again a day and then three days later.
  const autopayAt = (days: number, hours: number) => invoicedAt.getTime() + days * DAY + hours * HOUR;
  const autopay = async (moment: number) => {
    if (!cards) return;
    await advanceTo(moment);
    clock.travelTo(new Date(moment));
    await cards.runAutopay();
  };
  await autopay(autopayAt(0, 0.25));
  await autopay(autopayAt(3, 0.25));
  await autopay(autopayAt(4, 0.5));
  const paidAt = new Date(invoicedAt.getTime() + 5 * DAY);
  await advanceTo(paidAt.getTime());
  clock.travelTo(paidAt);
  const collected = await collect(admin.client, invoices, familyAccounts, localDate(paidAt), cards ? cardAccounts(familyAccounts) : []);
  await cards?.payInvoiceOnline(invoices);
  await autopay(autopayAt(7, 0.75));
  await advanceTo(Date.now());
  for (const job of reports.splice(0)) await playWeek(clock, admin.client, job, sessions);
  clock.backToNow();
  const questions = await questionLines(ctx, admin.client, invoices, familyAccounts);
  const correction = await correctAttendance(admin.client, invoices, familyAccounts);
  sessions.completed -= correction.noShows;
  sessions.noShow += correction.noShows;
  const billing: DemoBillingSummary = {
    packagesSold,
    invoicesIssued: invoices.length,
    ...collected,
    ...questions,
    attendanceCorrections: correction.corrected,
  };
  // Today's pay, after the correction (paid back in this run): an adjustment and the current run's draft.
  const currentPay = await draftCurrentPay(admin.client, [...tutors.keys()][0]!, localDate(new Date()));
  const pay: DemoPaySummary = { runsPaid: payPlan.paid(), ...currentPay };
  await cards?.buyPackageOnline(families, products.get(DEMO_CARDS.packageBoughtOnline.packageKey)!);
  // Two families' first guardians: two guardians of one family would ask about the same session.
  const cancellationRequests = await askToCancel(
    ctx,
    families.slice(0, 2).map((family) => accounts.find((account) => account.role === "parent" && account.name === family.guardian)!),
  );
  const healthQuestions = await askAboutCards(ctx, clock, admin.client, storySessions);
  clock.backToNow();

  // Every student's health card as the nightly run computed it a week ago (the day the lists'
  // week's change compares with), then as the due job computes it after the term's reports
  // (and the absence excused).
  const listed = await admin.client.get<{ items: { id: string }[] }>("/api/admin/students?pageSize=100");
  const studentIds = listed.body.items.map((item) => item.id);
  await recomputeStudents(ctx.db, admin.organizationId, studentIds, new Date(Date.now() - 7 * DAY));
  await recomputeStudents(ctx.db, admin.organizationId, studentIds, new Date());

  // The CRM's pipeline of the last eight weeks, after the term's health cards (its converted
  // students start next week) and on its own walk of the clock, left on the real time.
  const crm = await seedPipeline(
    ctx,
    clock,
    admin.client,
    [...tutors].map(([memberId, tutor]) => ({ memberId, ...tutor })),
  );

  // The growth playbook: most steps tick themselves from all of the above; one is ticked by
  // hand (tutors met this term) and one set aside with its reason.
  for (const [stepKey, decision] of [
    ["tutor-check-ins", { state: "ticked" }],
    ["reviews-asked", { state: "skipped", reason: "After the exam results in January, when families have news to share." }],
  ] as const) {
    const decided = await admin.client.put(`/api/admin/growth-playbook/steps/${stepKey}`, decision);
    if (decided.status !== 200) throw new Error(`Deciding the playbook's step ${stepKey} failed with ${decided.status}: ${decided.text}`);
  }

  // Something waiting for the admin: a join request in Approvals and an unanswered invitation.
  await createPendingJoiner(ctx, { joinCode: admin.joinCode, fullName: DEMO_JOIN_REQUEST.name, email: DEMO_JOIN_REQUEST.email, password: DEMO_PASSWORD });
  await inviteMember(ctx, admin.client, { email: DEMO_PENDING_INVITATION.email, role: DEMO_PENDING_INVITATION.role });

  return {
    workspaceName: DEMO_WORKSPACE.name,
    organizationId: admin.organizationId,
    password: DEMO_PASSWORD,
    accounts,
    students: studentCount,
    assignments: assignmentCount,
    sessions,
    cancellationRequests,
    billing,
    pay,
    cards: cards?.done() ?? null,
    healthQuestions,
    crm,
    library,
  };
}
