/**
 * Makes the demo workspace of scripts/demo-data.ts through the real API, with the factories
 * the tests use (sign-up, the mailed confirmation link, approval, the admin operations), so
 * that every row, audit entry and mail is what the product itself would write. Used by
 * `npm run demo` (scripts/demo.ts) and by tests/demo-seed.test.ts.
 */
import { sql } from "drizzle-orm";
import { withWorkspace } from "../src/server/db/tenant.ts";
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
  DEMO_FAMILIES,
  DEMO_JOIN_REQUEST,
  DEMO_PASSWORD,
  DEMO_PENDING_INVITATION,
  DEMO_REPORT_TOPICS,
  DEMO_SESSION_PLACES,
  DEMO_TERM,
  DEMO_TUTORS,
  DEMO_WORKSPACE,
  familyEmail,
  type DemoStudent,
} from "./demo-data.ts";

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
   * Sessions of the term: completed (past, reported), a no-show, past ones still to report,
   * scheduled and cancelled (future); and the summaries shared with families.
   */
  sessions: { completed: number; noShow: number; unreported: number; scheduled: number; cancelled: number; summariesShared: number };
  /** Open cancellation requests, asked by parents, for the tutors' and the admin's dashboards. */
  cancellationRequests: number;
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
  subject: string;
}

/**
 * A weekly series per current assignment of an active student, through the sessions API: the
 * last DEMO_TERM.pastWeeks occurrences reported (see fileReports), the next
 * DEMO_TERM.futureWeeks scheduled, and one of them cancelled by the family (a holiday). No
 * tutor or student is booked twice: each takes the tutor's first free slot that does not
 * overlap the student's.
 */
async function seedTerm(admin: ApiClient, tutors: Map<string, DemoTutor>, assignments: TermAssignment[]): Promise<DemoSummary["sessions"]> {
  const zone = DEMO_WORKSPACE.timeZone;
  const now = localNow(zone);
  const taken = new Map<string, { weekday: number; start: number }[]>();
  const overlaps = (key: string, slot: WeeklySlot) =>
    (taken.get(key) ?? []).some((other) => other.weekday === slot.weekday && Math.abs(other.start - slot.start) < DEMO_TERM.minutes);
  const book = (key: string, slot: WeeklySlot) => taken.set(key, [...(taken.get(key) ?? []), { weekday: slot.weekday, start: slot.start }]);
  const totals = { completed: 0, noShow: 0, unreported: 0, scheduled: 0, cancelled: 0, summariesShared: 0 };
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
    await fileReports(tutors.get(item.tutorMemberId)!.client, index, item, items.slice(0, DEMO_TERM.pastWeeks), totals);
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
 * The past weeks' reports, as the session's tutor files them (the access log names who wrote
 * each report and shared each summary): varied attendance, ratings and scores; each summary
 * shared except the latest week's (left as a draft). Every fifth series leaves its latest
 * session unreported (the missing-report lists), and one student missed a session (a no-show).
 */
async function fileReports(tutor: ApiClient, index: number, item: TermAssignment, past: { id: string }[], totals: DemoSummary["sessions"]): Promise<void> {
  const topics = DEMO_REPORT_TOPICS[item.subject] ?? [["Review of recent class work", "Finish the class worksheet"]];
  for (const [week, session] of past.entries()) {
    const latest = week === past.length - 1;
    if (latest && index % 5 === 1) {
      totals.unreported++;
      continue;
    }
    const absent = index === 2 && week === 1;
    const [covered, homework] = topics[week % topics.length]!;
    const entry = absent
      ? { studentId: item.studentId, attendance: "absent", previousHomework: "none_set", understanding: null, engagement: null, scorePercent: null }
      : {
          studentId: item.studentId,
          attendance: (index + week) % 9 === 0 ? "late" : "present",
          previousHomework: week === 0 ? "none_set" : (["completed", "completed", "partly", "completed", "not_done"] as const)[(index + week) % 5],
          understanding: 2 + ((index + week) % 4),
          engagement: 3 + ((index * 2 + week) % 3),
          scorePercent: week % 3 === 2 ? 55 + ((index * 7 + week * 5) % 43) : null,
        };
    const filed = await tutor.put(`/api/tutor/sessions/${session.id}/report`, {
      topics: covered,
      homeworkSet: homework,
      privateNotes: week === 3 ? "Parent asked about moving to two sessions a week; follow up." : "",
      students: [entry],
    });
    if (filed.status !== 200) throw new Error(`Filing a report failed with ${filed.status}: ${filed.text}`);
    if (absent) totals.noShow++;
    else totals.completed++;
    if (latest) continue;
    const shared = await tutor.post(`/api/tutor/sessions/${session.id}/summaries/${item.studentId}/share`);
    if (shared.status !== 200) throw new Error(`Sharing a summary failed with ${shared.status}: ${shared.text}`);
    totals.summariesShared++;
  }
}

/**
 * The API files every report and shares every summary at seed time; a real term has them
 * on the day of each session. The one write outside the API: report and summary times moved
 * to a few hours after each session ended (a seed, not a request; inside the workspace, as
 * row-level security wants every business write).
 */
async function backdateReports(ctx: FactoryContext, organizationId: string): Promise<void> {
  await withWorkspace(ctx.db, organizationId, async (tx) => {
    await tx.execute(sql`
      update session_report r set filed_at = s.ends_at + interval '2 hours', updated_at = s.ends_at + interval '2 hours'
      from tutoring_session s where s.organization_id = r.organization_id and s.id = r.session_id and r.organization_id = ${organizationId}`);
    await tx.execute(sql`
      update session_summary m set updated_at = s.ends_at + interval '3 hours', shared_at = case when m.shared_at is null then null else s.ends_at + interval '3 hours' end
      from tutoring_session s where s.organization_id = m.organization_id and s.id = m.session_id and m.organization_id = ${organizationId}`);
  });
}

async function approve(admin: ApiClient, memberId: string, role: "tutor" | "parent"): Promise<void> {
  const response = await admin.post(`/api/admin/approvals/${memberId}/approve`, { role });
  if (response.status !== 200) throw new Error(`Approving ${memberId} as ${role} failed with ${response.status}: ${response.text}`);
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

export async function seedDemoWorkspace(ctx: FactoryContext): Promise<DemoSummary> {
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
      if ((child.status ?? "active") === "active") term.push({ tutorMemberId, tutorName: tutors.get(tutorMemberId)!.name, studentId: record.id, subject });
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

  for (const family of DEMO_FAMILIES) {
    const childIds: string[] = [];
    for (const child of family.children) childIds.push(await addStudent(child));
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
  const sessions = await seedTerm(admin.client, tutors, term);
  await backdateReports(ctx, admin.organizationId);
  const cancellationRequests = await askToCancel(ctx, accounts.filter((account) => account.role === "parent").slice(0, 2));

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
  };
}
