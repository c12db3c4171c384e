/**
 * The demo workspace's sales pipeline (the CRM): thirty families who asked about lessons over the
 * last eight weeks, each walked through the real API on the days it happened (the demo clock is
 * moved to each step), so that the board shows varied time in stage and every timeline, task,
 * trial and conversion carries its real moment. Enquiries come in through the public enquiry
 * page (each visitor with an address of their own, as the page is rate limited per address);
 * the rest are added by hand by the admin or a tutor. Trials are booked on the tutors' calendars
 * within their weeks, their feedback filed by the tutor who taught them, and three families are
 * converted into students, a family account, an assignment and the guardians' invitations.
 */
import { ApiClient } from "../tests/client.ts";
import type { FactoryContext } from "../tests/factories.ts";
import type { LeadSource, Utm } from "../src/shared/schemas/crm.ts";
import type { DemoClock } from "./demo-clock.ts";
import { DEMO_TUTORS, DEMO_WORKSPACE } from "./demo-data.ts";

/** A demo tutor as the seed knows them: their member id, their week and their signed-in client. */
export interface CrmTutor {
  memberId: string;
  name: string;
  week: [number, string, string][];
  client: ApiClient;
}

export interface DemoCrmSummary {
  leads: number;
  /** Leads per stage name, as the board shows them. */
  byStage: Record<string, number>;
  bySource: Record<string, number>;
  /** Leads owned by tutors (the rest by the admin). */
  tutorOwned: number;
  tasksOpen: number;
  tasksOverdue: number;
  trialsBooked: number;
  trialsWithFeedback: number;
  /** Families converted, and the students that made. */
  converted: number;
  convertedStudents: number;
}

type Milestone = "Contacted" | "Consultation" | "Trial booked" | "Trial attended" | "Won";
type Goal = "New" | Milestone | "Lost";

interface DemoLead {
  guardian: string;
  student: string;
  level: string;
  subject: string;
  times: string;
  /** The enquiry's message, or the notes typed by whoever took the call. */
  note: string;
  source: LeadSource;
  utm?: Utm;
  /** A tutor who owns the lead (adds it by hand, or is given an enquiry by the admin); else the admin. */
  owner?: string;
  /** Days ago of each step: added, then each stage reached on the way to `goal` (for Lost, the last is the day it was lost). */
  days: number[];
  goal: Goal;
  /** Lost: the stage it reached first, and why it was lost (one of the workspace's reasons). */
  reached?: "New" | "Contacted" | "Consultation";
  lostReason?: string;
  /** Converted without a trial: the students and the tutor's subject. */
  students?: string[];
  /** Tasks made by hand on that day (days ago), due `dueIn` days from today (negative: overdue). */
  tasks?: { title: string; daysAgo: number; dueIn: number }[];
  /** Leave the enquiry's first-response task open (nobody has answered yet). */
  unanswered?: boolean;
}

const NEWSLETTER: Utm = { source: "newsletter", medium: "email", campaign: "autumn-open-day" };
const INSTAGRAM: Utm = { source: "instagram", medium: "social", campaign: "autumn-open-day" };
const GOOGLE: Utm = { source: "google", medium: "cpc", campaign: "sat-act-prep" };

/** Thirty families; their stages, sources and owners spread as a real pipeline's are. */
const DEMO_LEADS: DemoLead[] = [
  // New
  {
    guardian: "Laura Bennett",
    student: "Owen Bennett",
    level: "Grade 9",
    subject: "Algebra I",
    times: "Weekdays after 4pm",
    note: "Owen is finding Algebra I harder than 8th-grade math and his last test was a D. Could someone help him once a week?",
    source: "enquiry_page",
    days: [0],
    goal: "New",
    unanswered: true,
  },
  {
    guardian: "Marcus Reyes",
    student: "Lucia Reyes",
    level: "Grade 11",
    subject: "SAT Prep",
    times: "Saturday mornings",
    note: "We met you at the open day. Lucia takes the SAT in March and wants to get above 1400.",
    source: "campaign",
    utm: NEWSLETTER,
    days: [1],
    goal: "New",
    unanswered: true,
  },
  {
    guardian: "Hannah Kowalski",
    student: "Eli Kowalski",
    level: "Grade 10",
    subject: "Chemistry",
    times: "Monday or Wednesday evenings",
    note: "Eli is in honors chemistry and struggling with moles and stoichiometry before the semester exam.",
    source: "enquiry_page",
    days: [2],
    goal: "New",
  },
  {
    guardian: "Derek Thompson",
    student: "Ava Thompson",
    level: "Grade 8",
    subject: "Algebra I",
    times: "Tuesdays or Thursdays, 4–6pm",
    note: "Called the office. Ava is moving into accelerated math next year; dad wants her ready for Algebra I.",
    source: "phone",
    days: [3],
    goal: "New",
  },
  {
    guardian: "Grace O'Neill",
    student: "Liam O'Neill",
    level: "Grade 12",
    subject: "Essay Writing",
    times: "Any weekday after school",
    note: "Liam's college essays are due in January and he has not started his personal statement.",
    source: "enquiry_page",
    days: [4],
    goal: "New",
    unanswered: true,
  },
  {
    guardian: "Nadia Haddad",
    student: "Karim Haddad",
    level: "Grade 7",
    subject: "Algebra I",
    times: "Saturday mornings",
    note: "Referred by the Mensah family (Ama is my student). Karim is ahead in math and wants a challenge.",
    source: "referral",
    owner: "Maya Chen",
    days: [1],
    goal: "New",
    tasks: [{ title: "Send the Haddads a placement worksheet", daysAgo: 1, dueIn: 0 }],
  },
  // Contacted
  {
    guardian: "Tom Fischer",
    student: "Mia Fischer",
    level: "Grade 10",
    subject: "Biology",
    times: "Friday afternoons",
    note: "Mia wants to keep her A in biology; the genetics unit is coming up.",
    source: "enquiry_page",
    days: [9, 8],
    goal: "Contacted",
  },
  {
    guardian: "Angela Brooks",
    student: "Jordan Brooks",
    level: "Grade 11",
    subject: "ACT Prep",
    times: "Weekends",
    note: "Jordan is taking the ACT in February. Saw your post about the open day.",
    source: "campaign",
    utm: INSTAGRAM,
    days: [12, 11],
    goal: "Contacted",
  },
  {
    guardian: "Robert Lindqvist",
    student: "Erik Lindqvist",
    level: "Grade 12",
    subject: "Calculus",
    times: "Tuesday or Wednesday evenings",
    note: "Erik is in AP Calculus BC and wants to score a 5. Online lessons would be fine.",
    source: "enquiry_page",
    owner: "Priya Natarajan",
    days: [6, 5],
    goal: "Contacted",
    tasks: [{ title: "Pick a Calculus trial slot for Erik Lindqvist", daysAgo: 5, dueIn: 3 }],
  },
  {
    guardian: "Michelle Park",
    student: "Daniel Park",
    level: "Grade 9",
    subject: "Spanish",
    times: "Monday or Thursday after school",
    note: "Referred by the Garcia family. Daniel started Spanish this year and is behind on speaking.",
    source: "referral",
    days: [15, 13],
    goal: "Contacted",
  },
  {
    guardian: "Sandra Nwosu",
    student: "Chidi Nwosu",
    level: "Grade 10",
    subject: "Geometry",
    times: "Saturdays",
    note: "Came into the office on Saturday with Chidi. Proofs are the problem; he likes diagrams.",
    source: "walk_in",
    days: [20, 19],
    goal: "Contacted",
    tasks: [{ title: "Call Sandra Nwosu back about Saturday slots", daysAgo: 19, dueIn: -3 }],
  },
  {
    guardian: "Kevin Doyle",
    student: "Sean Doyle",
    level: "Grade 11",
    subject: "SAT Prep",
    times: "Saturday late morning",
    note: "Kevin called me directly: his nephew took SAT prep with me last year.",
    source: "phone",
    owner: "James Whitaker",
    days: [8, 7],
    goal: "Contacted",
    tasks: [{ title: "Text Kevin Doyle the SAT diagnostic link", daysAgo: 7, dueIn: -2 }],
  },
  // Consultation
  {
    guardian: "Rebecca Stein",
    student: "Noah Stein",
    level: "Grade 11",
    subject: "Precalculus",
    times: "Sunday afternoons",
    note: "Noah's precalculus grade dropped to a C this quarter; trigonometry is the sticking point.",
    source: "enquiry_page",
    days: [25, 24, 18],
    goal: "Consultation",
    tasks: [{ title: "Send Rebecca Stein the Precalculus trial options", daysAgo: 18, dueIn: -1 }],
  },
  {
    guardian: "Carlos Mendoza",
    student: "Isabella Mendoza",
    level: "Grade 12",
    subject: "Essay Writing",
    times: "Tuesday or Thursday afternoons",
    note: "Isabella is applying early decision and wants help cutting her essay to 650 words.",
    source: "campaign",
    utm: NEWSLETTER,
    days: [19, 18, 10],
    goal: "Consultation",
  },
  {
    guardian: "Jennifer Costa",
    student: "Leo Costa",
    level: "Grade 8",
    subject: "Algebra I",
    times: "Monday afternoons",
    note: "Referred by a family at Lincoln Middle School. Leo has dyscalculia; mum asked about a patient tutor.",
    source: "referral",
    days: [30, 28, 21],
    goal: "Consultation",
  },
  {
    guardian: "Patricia Greene",
    student: "Chloe Greene",
    level: "Grade 10",
    subject: "Chemistry",
    times: "Wednesday evenings",
    note: "The school counselor recommended us. Chloe missed three weeks of chemistry with mono.",
    source: "other",
    days: [14, 13, 6],
    goal: "Consultation",
    tasks: [{ title: "Ask Patricia Greene for the school's catch-up plan", daysAgo: 6, dueIn: 0 }],
  },
  {
    guardian: "Ahmed Siddiqui",
    student: "Zara Siddiqui",
    level: "Grade 11",
    subject: "Biology",
    times: "Monday or Wednesday, 5pm",
    note: "Zara is taking AP Biology and wants to go into medicine.",
    source: "enquiry_page",
    owner: "David Okafor",
    days: [22, 21, 15],
    goal: "Consultation",
  },
  // Trial booked (the trials in the coming days)
  {
    guardian: "Emily Carter",
    student: "Jack Carter",
    level: "Grade 10",
    subject: "Geometry",
    times: "Monday or Tuesday after school",
    note: "Jack failed his last two geometry quizzes; his teacher suggested tutoring.",
    source: "enquiry_page",
    days: [18, 17, 9, 2],
    goal: "Trial booked",
    tasks: [{ title: "Remind the Carters of Jack's trial and where to park", daysAgo: 2, dueIn: 2 }],
  },
  {
    guardian: "Diane Foster",
    student: "Lily Foster",
    level: "Grade 9",
    subject: "Algebra I",
    times: "Thursday afternoons",
    note: "Lily's older brother had lessons with me two years ago; mum rang me.",
    source: "referral",
    owner: "Maya Chen",
    days: [16, 15, 8, 1],
    goal: "Trial booked",
  },
  {
    guardian: "Victor Alvarez",
    student: "Sam Alvarez",
    level: "Grade 11",
    subject: "Physics",
    times: "Sunday afternoons",
    note: "Sam is in AP Physics 1 and loses marks on the free-response questions.",
    source: "campaign",
    utm: GOOGLE,
    days: [13, 12, 7, 1],
    goal: "Trial booked",
  },
  // Trial attended (feedback filed)
  {
    guardian: "Helen Murray",
    student: "Ruby Murray",
    level: "Grade 11",
    subject: "Chemistry",
    times: "Monday or Friday after school",
    note: "Ruby wants to take AP Chemistry next year and needs to firm up the basics first.",
    source: "enquiry_page",
    days: [28, 27, 21, 16],
    goal: "Trial attended",
  },
  {
    guardian: "Brian Kelly",
    student: "Aiden Kelly",
    level: "Grade 12",
    subject: "ACT Prep",
    times: "Weekends",
    note: "Phoned after the open day. Aiden scored 26 on his first ACT and needs a 30 for his scholarship.",
    source: "phone",
    days: [24, 23, 17, 13],
    goal: "Trial attended",
  },
  {
    guardian: "Monica Patel",
    student: "Arjun Patel",
    level: "Grade 10",
    subject: "Spanish",
    times: "Tuesdays",
    note: "Arjun has a Spanish oral exam in December and freezes when he has to speak.",
    source: "campaign",
    utm: NEWSLETTER,
    days: [21, 20, 14, 11],
    goal: "Trial attended",
  },
  // Won (converted)
  {
    guardian: "Susan Novak",
    student: "Ella Novak",
    level: "Grade 9",
    subject: "Algebra I",
    times: "Monday after school",
    note: "Ella moved schools this fall and her new class is a unit ahead.",
    source: "enquiry_page",
    days: [52, 51, 46, 40],
    goal: "Won",
  },
  {
    guardian: "Gregory Hughes",
    student: "Nathan Hughes",
    level: "Grade 11",
    subject: "Precalculus",
    times: "Wednesday evenings",
    note: "Referred by the Walsh family. Nathan wants to be ready for AP Calculus next year.",
    source: "referral",
    days: [45, 44, 38, 33],
    goal: "Won",
  },
  {
    guardian: "Catherine Webb",
    student: "Oliver Webb",
    level: "Grade 8 and Grade 6",
    subject: "English",
    times: "Thursday afternoons, both children together",
    note: "Came in with both children after the open day: Oliver (8th grade) and Emma (6th grade), reading and writing.",
    source: "walk_in",
    days: [40, 39, 34, 30],
    goal: "Won",
    students: ["Oliver Webb", "Emma Webb"],
  },
  // Lost
  {
    guardian: "Paul Harrington",
    student: "Max Harrington",
    level: "Grade 10",
    subject: "Geometry",
    times: "Any weekday",
    note: "Left a voicemail asking about geometry help for Max.",
    source: "phone",
    days: [48, 41],
    goal: "Lost",
    reached: "New",
    lostReason: "No response",
  },
  {
    guardian: "Linda Marsh",
    student: "Tyler Marsh",
    level: "Grade 12",
    subject: "SAT Prep",
    times: "Saturday mornings",
    note: "Called to compare SAT courses; has also asked two other centres.",
    source: "phone",
    days: [44, 43, 36],
    goal: "Lost",
    reached: "Contacted",
    lostReason: "Chose another provider",
  },
  {
    guardian: "Stephanie Cole",
    student: "Ben Cole",
    level: "Grade 10",
    subject: "Chemistry",
    times: "Wednesday evenings",
    note: "Met at the school science fair. Ben needs chemistry help twice a week.",
    source: "other",
    days: [35, 34, 30, 26],
    goal: "Lost",
    reached: "Consultation",
    lostReason: "Price",
  },
  {
    guardian: "Richard Osei",
    student: "Abena Osei",
    level: "Grade 11",
    subject: "Physics",
    times: "Weekday mornings only",
    note: "Referred by a colleague. Abena trains for swimming every afternoon.",
    source: "referral",
    days: [27, 26, 22, 16],
    goal: "Lost",
    reached: "Consultation",
    lostReason: "Timing or schedule",
  },
];

const DAY = 86_400_000;
const MINUTE = 60_000;
const ZONE = DEMO_WORKSPACE.timeZone;
const STAGE_ORDER: Milestone[] = ["Contacted", "Consultation", "Trial booked", "Trial attended", "Won"];
/** Office hours at which things happen, varied lead by lead; enquiries come in the evening too. */
const OFFICE_TIMES = ["09:40", "10:15", "11:30", "13:05", "14:20", "16:45"];
const ENQUIRY_TIMES = ["07:45", "12:40", "19:10", "20:25", "21:50"];

/** The calendar date of an instant in the workspace's zone (YYYY-MM-DD). */
const localDate = (instant: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(instant);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The instant of a local date and time in the workspace's zone. */
function zoned(date: string, time: string): number {
  const guess = Date.parse(`${date}T${time}:00Z`);
  const offset = (at: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-CA", {
        timeZone: ZONE,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      })
        .formatToParts(new Date(at))
        .map((part) => [part.type, part.value]),
    );
    return Date.parse(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:00Z`) - at;
  };
  const first = guess - offset(guess);
  return guess - offset(first);
}

async function ok<T>(what: string, call: Promise<{ status: number; text: string; body: T }>, status = 200): Promise<T> {
  const response = await call;
  if (response.status !== status) throw new Error(`${what} failed with ${response.status}: ${response.text}`);
  return response.body;
}

interface TaskRow {
  id: string;
  kind: string;
  dueOn: string;
  status: string;
}

/** One lead's walk through the pipeline: its steps, each at a moment known once the one before has run. */
interface Walk {
  lead: DemoLead;
  index: number;
  leadId: string;
  trial: { id: string; endsAt: number; tutor: CrmTutor } | null;
  steps: { at: (walk: Walk) => number; run: (walk: Walk) => Promise<void> }[];
}

/**
 * Seeds the pipeline. `tutors` are the demo tutors with their signed-in clients; the clock is
 * moved to each step and left on the real time.
 */
export async function seedPipeline(ctx: FactoryContext, clock: DemoClock, admin: ApiClient, tutors: CrmTutor[]): Promise<DemoCrmSummary> {
  const workspace = await ok<{ slug: string }>("Reading the workspace", admin.get("/api/admin/workspace"));
  const stages = await ok<{ items: { id: string; name: string }[]; lostReasons: string[] }>("Reading the stages", admin.get("/api/admin/crm/stages"));
  const stageId = (name: string) => {
    const found = stages.items.find((stage) => stage.name === name);
    if (!found) throw new Error(`The pipeline has no ${name} stage`);
    return found.id;
  };
  const tutorNamed = (name: string) => {
    const found = tutors.find((tutor) => tutor.name === name);
    if (!found) throw new Error(`No demo tutor is called ${name}`);
    return found;
  };
  const teacherOf = (subject: string) => {
    const demo = DEMO_TUTORS.find((tutor) => tutor.subjects.includes(subject));
    if (!demo) throw new Error(`No demo tutor teaches ${subject}`);
    return tutorNamed(demo.name);
  };
  const now = Date.now();
  const today = localDate(new Date(now));
  const tally = { trialsBooked: 0, trialsWithFeedback: 0, converted: 0, convertedStudents: 0 };

  /** The owner's client and API area: a tutor works their own leads in the tutor area. */
  const actorOf = (lead: DemoLead) =>
    lead.owner ? { client: tutorNamed(lead.owner).client, area: "tutor" as const } : { client: admin, area: "admin" as const };
  const first = (name: string) => name.split(" ")[0]!;
  const dayAt = (daysAgo: number, time: string) => zoned(localDate(new Date(now - daysAgo * DAY)), time);
  const log = async (walk: Walk, kind: "call" | "email" | "note", body: string) => {
    const { client, area } = actorOf(walk.lead);
    await ok("Logging on a lead", client.post(`/api/${area}/crm/leads/${walk.leadId}/activities`, { kind, body }), 201);
  };
  const move = async (walk: Walk, name: string, lostReason?: string) => {
    const { client, area } = actorOf(walk.lead);
    await ok(`Moving ${walk.lead.guardian} to ${name}`, client.post(`/api/${area}/crm/leads/${walk.leadId}/move`, { stageId: stageId(name), lostReason }));
  };
  /** The lead's open tasks of a kind, earliest due first, as the admin sees them. */
  const openTasks = async (walk: Walk, kind: string) => {
    const page = await ok<{ items: TaskRow[] }>("Listing a lead's tasks", admin.get(`/api/admin/crm/tasks?state=open&leadId=${walk.leadId}&pageSize=100`));
    return page.items.filter((task) => task.kind === kind);
  };
  const close = (task: TaskRow) => ok("Closing a task", admin.patch(`/api/admin/crm/tasks/${task.id}`, { status: "done" }));

  /**
   * Books the trial on the tutor's calendar at the first free hour of their week from `fromDate`
   * (the tutor's term sessions take some), ending before `before` for one already held.
   */
  const bookTrial = async (walk: Walk, fromDate: string, before: number) => {
    const { lead } = walk;
    const ownTutor = lead.owner ? tutorNamed(lead.owner) : null;
    const tutor = ownTutor ?? teacherOf(lead.subject);
    const client = ownTutor ? ownTutor.client : admin;
    let refused = "";
    const fail = (): never => {
      throw new Error(`No free hour for ${lead.student}'s trial with ${tutor.name} from ${fromDate} (${refused})`);
    };
    for (let day = 0; day < 14; day++) {
      const date = addDays(fromDate, day);
      const weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
      for (const [dayOfWeek, from, to] of tutor.week) {
        if (dayOfWeek !== weekday) continue;
        // Within the tutor's week first; a busy tutor (the term fills most of it) fits the trial just after, as confirmed with them.
        const starts: { start: number; outside: boolean }[] = [];
        for (let start = toMinutes(from); start + 60 <= toMinutes(to); start += 30) starts.push({ start, outside: false });
        for (let start = toMinutes(to); start <= toMinutes(to) + 60 && start + 60 < 24 * 60; start += 30) starts.push({ start, outside: true });
        for (const { start, outside } of starts) {
          if (zoned(date, toTime(start + 60)) > before) return fail();
          const booked = await client.post<{ id: string; endsAt: string }>(`/api/${ownTutor ? "tutor" : "admin"}/crm/leads/${walk.leadId}/trials`, {
            ...(ownTutor ? {} : { tutorMemberId: tutor.memberId }),
            startsAt: `${date}T${toTime(start)}`,
            durationMinutes: 60,
            timeZone: ZONE,
            subject: lead.subject,
            location: "Brightpath office, room 2",
            ...(outside ? { confirmOutsideAvailability: true } : {}),
          });
          if (booked.status === 409) {
            refused = booked.text;
            continue;
          }
          if (booked.status !== 201) throw new Error(`Booking ${lead.student}'s trial failed with ${booked.status}: ${booked.text}`);
          walk.trial = { id: booked.body.id, endsAt: Date.parse(booked.body.endsAt), tutor };
          tally.trialsBooked++;
          return;
        }
      }
    }
    return fail();
  };

  const walks: Walk[] = DEMO_LEADS.map((lead, index) => {
    const walk: Walk = { lead, index, leadId: "", trial: null, steps: [] };
    const at =
      (step: number, times = OFFICE_TIMES) =>
      () =>
        dayAt(lead.days[step]!, times[(index + step) % times.length]!);
    const enquiry = lead.source === "enquiry_page" || lead.source === "campaign";
    const [surname] = lead.guardian.split(" ").slice(-1);

    // Added: sent on the enquiry page by the family (a visitor of its own), or typed in by whoever took the call.
    walk.steps.push({
      at: at(0, enquiry ? ENQUIRY_TIMES : OFFICE_TIMES),
      run: async (self) => {
        const email = `${first(lead.guardian).toLowerCase()}.${surname!.toLowerCase().replace(/[^a-z]/g, "")}@example.net`;
        const phone = `(312) 555-01${String(10 + index).padStart(2, "0")}`;
        if (enquiry) {
          const visitor = new ApiClient(ctx.app);
          await ok(
            `${lead.guardian}'s enquiry`,
            visitor.post(`/api/public/workspaces/${workspace.slug}/enquiries`, {
              guardianName: lead.guardian,
              studentName: lead.student,
              email,
              phone: index % 3 === 0 ? phone : undefined,
              subjects: [lead.subject],
              level: lead.level,
              preferredTimes: lead.times,
              message: lead.note,
              consent: true,
              utm: lead.utm,
            }),
            202,
          );
          const found = await ok<{ items: { id: string }[] }>("Finding an enquiry's lead", admin.get(`/api/admin/crm/leads?q=${encodeURIComponent(email)}`));
          self.leadId = found.items[0]!.id;
          if (lead.owner) {
            clock.travelTo(new Date(Math.min(clock.now().getTime() + 2 * 60 * MINUTE, now - MINUTE)));
            const owner = tutorNamed(lead.owner);
            await ok("Giving a lead to a tutor", admin.patch(`/api/admin/crm/leads/${self.leadId}`, { ownerMemberId: owner.memberId }));
            await ok(
              "Logging on a lead",
              admin.post(`/api/admin/crm/leads/${self.leadId}/activities`, {
                kind: "note",
                body: `${lead.subject} is ${first(owner.name)}'s subject: handed over.`,
              }),
              201,
            );
          }
        } else {
          const { client, area } = actorOf(lead);
          const created = await ok<{ id: string }>(
            `Adding ${lead.guardian}`,
            client.post(`/api/${area}/crm/leads`, {
              guardianName: lead.guardian,
              studentName: lead.student,
              email: lead.source === "phone" && index % 2 === 0 ? undefined : email,
              phone,
              subjects: [lead.subject],
              level: lead.level,
              preferredTimes: lead.times,
              notes: lead.note,
              source: lead.source,
              consentBasis: "pre_contract",
            }),
            201,
          );
          self.leadId = created.id;
        }
        // Answered by email the day after, though no call has got through yet.
        if (lead.goal === "New" && enquiry && !lead.unanswered) {
          await log(self, "email", `Emailed ${first(lead.guardian)} our rates and the free trial offer; asked for a good time to call.`);
          for (const task of await openTasks(self, "first_response")) await close(task);
        }
      },
    });

    const milestones = lead.goal === "Lost" ? STAGE_ORDER.slice(0, STAGE_ORDER.indexOf((lead.reached ?? "New") as Milestone) + 1) : [];
    // A family converted straight after its consultation (lead.students) had no trial.
    const path =
      lead.goal === "Lost"
        ? lead.reached === "New"
          ? []
          : milestones
        : lead.goal === "New"
          ? []
          : STAGE_ORDER.slice(0, STAGE_ORDER.indexOf(lead.goal) + 1).filter((stage) => !lead.students || !stage.startsWith("Trial"));
    for (const [position, stage] of path.entries()) {
      const step = position + 1;
      if (stage === "Contacted") {
        walk.steps.push({
          at: at(step),
          run: async (self) => {
            if (index % 2 === 0)
              await log(
                self,
                "call",
                `Called ${first(lead.guardian)}: ${first(lead.student)} (${lead.level}) needs ${lead.subject}; ${lead.times.toLowerCase()} suits them. Explained how lessons and the free trial work.`,
              );
            else await log(self, "email", `Replied to ${first(lead.guardian)} with our ${lead.subject} tutors, the rates and the free trial; offered a call.`);
            for (const task of await openTasks(self, "first_response")) await close(task);
            await move(self, "Contacted");
          },
        });
      } else if (stage === "Consultation") {
        walk.steps.push({
          at: at(step),
          run: async (self) => {
            await log(
              self,
              "note",
              `Consultation with ${lead.guardian} and ${first(lead.student)} (30 minutes, by video): goals agreed, ${lead.times.toLowerCase()} works best. Next: a trial lesson.`,
            );
            await move(self, "Consultation");
          },
        });
      } else if (stage === "Trial booked") {
        const future = lead.goal === "Trial booked";
        walk.steps.push({
          at: at(step),
          run: async (self) => {
            // A trial to come starts from tomorrow; one already held two days or more after booking.
            await bookTrial(self, future ? addDays(today, 1) : addDays(localDate(clock.now()), 2), future ? Number.POSITIVE_INFINITY : now - 3 * 60 * MINUTE);
            await log(self, "email", `Sent ${first(lead.guardian)} the trial's time and place, and what ${first(lead.student)} should bring.`);
          },
        });
      } else if (stage === "Trial attended") {
        walk.steps.push({
          at: (self) => Math.min(self.trial!.endsAt + 90 * MINUTE, now - 2 * 60 * MINUTE),
          run: async (self) => {
            const { tutor, id } = self.trial!;
            await ok(
              "Filing a trial's feedback",
              tutor.client.post(`/api/tutor/crm/trials/${id}/feedback`, {
                attended: true,
                recommendation: "enrol",
                notes: `${first(lead.student)} worked well for the hour. We covered the current ${lead.subject} unit; the gaps are clear and fixable. Weekly lessons would suit.`,
              }),
            );
            tally.trialsWithFeedback++;
          },
        });
        walk.steps.push({
          at: (self) => Math.min(self.trial!.endsAt + DAY + 2 * 60 * MINUTE, now - MINUTE),
          run: async (self) => {
            await log(
              self,
              "call",
              `Called ${first(lead.guardian)} after the trial: ${first(lead.student)} enjoyed it. They are talking it over and will let us know.`,
            );
            const [followUp] = await openTasks(self, "trial_follow_up");
            if (followUp) await close(followUp);
          },
        });
      }
    }

    if (lead.goal === "Won") {
      walk.steps.push({
        at: (self) => (self.trial ? Math.min(self.trial.endsAt + 3 * DAY, now - MINUTE) : at(lead.days.length - 1)()),
        run: async (self) => {
          await log(
            self,
            "call",
            `${first(lead.guardian)} confirmed: weekly lessons from next week. Sent the welcome pack and the invitation to the family's page.`,
          );
          for (const task of await openTasks(self, "trial_follow_up")) await close(task);
          const students = (lead.students ?? [lead.student]).map((name) => ({ name }));
          const converted = await ok<{ students: unknown[] }>(
            `Converting ${lead.guardian}`,
            admin.post(`/api/admin/crm/leads/${self.leadId}/convert`, {
              account: { kind: "new", name: `${surname} family` },
              students,
              ...(self.trial ? {} : { tutorMemberId: teacherOf(lead.subject).memberId, subject: lead.subject }),
            }),
          );
          tally.converted++;
          tally.convertedStudents += converted.students.length;
        },
      });
    } else if (lead.goal === "Lost") {
      walk.steps.push({
        at: at(lead.days.length - 1),
        run: async (self) => {
          const why: Record<string, string> = {
            "No response": `Third try with no answer (two calls, one email). Closing for now.`,
            "Chose another provider": `${first(lead.guardian)} went with a group course nearer home.`,
            Price: `${first(lead.guardian)} felt two lessons a week was more than they can spend this term.`,
            "Timing or schedule": `Only weekday mornings work around ${first(lead.student)}'s training, and none of our tutors teaches then.`,
          };
          await log(self, lead.lostReason === "No response" ? "email" : "call", why[lead.lostReason!] ?? lead.lostReason!);
          for (const task of await openTasks(self, "first_response")) await close(task);
          await move(self, "Lost", lead.lostReason);
        },
      });
    }

    for (const task of lead.tasks ?? []) {
      walk.steps.push({
        at: () => dayAt(task.daysAgo, "17:30"),
        run: async (self) => {
          const { client, area } = actorOf(lead);
          await ok("Making a task", client.post(`/api/${area}/crm/tasks`, { title: task.title, dueOn: addDays(today, task.dueIn), leadId: self.leadId }), 201);
        },
      });
    }
    return walk;
  });

  // Every lead's steps in time order across the pipeline (a lead's own steps never run out of turn).
  const queue: { at: number; walk: Walk; step: number; order: number }[] = [];
  let order = 0;
  const schedule = (walk: Walk, step: number, after: number) => {
    if (step >= walk.steps.length) return;
    queue.push({ at: Math.max(Math.min(walk.steps[step]!.at(walk), now - MINUTE), after), walk, step, order: order++ });
  };
  for (const walk of walks) schedule(walk, 0, 0);
  while (queue.length > 0) {
    queue.sort((a, b) => a.at - b.at || a.order - b.order);
    const { at, walk, step } = queue.shift()!;
    clock.travelTo(new Date(at));
    await walk.steps[step]!.run(walk);
    schedule(walk, step + 1, clock.now().getTime());
  }
  // Something the admin does not tie to a lead, due this week.
  clock.travelTo(new Date(now - 2 * 60 * MINUTE));
  await ok(
    "Making a task",
    admin.post("/api/admin/crm/tasks", { title: "Send the open day's follow-up email to the newsletter list", dueOn: addDays(today, 4) }),
    201,
  );
  clock.backToNow();

  const leads = await ok<{ items: { stage: { name: string }; source: string; owner: { memberId: string } | null }[]; total: number }>(
    "Listing the leads",
    admin.get("/api/admin/crm/leads?pageSize=100"),
  );
  const tasks = await ok<{ items: TaskRow[]; total: number }>("Listing the tasks", admin.get("/api/admin/crm/tasks?state=open&pageSize=100"));
  const countBy = (keys: string[]) => keys.reduce<Record<string, number>>((counts, key) => ({ ...counts, [key]: (counts[key] ?? 0) + 1 }), {});
  const tutorIds = new Set(tutors.map((tutor) => tutor.memberId));
  return {
    leads: leads.total,
    // In the pipeline's order, as the board's columns.
    byStage: Object.fromEntries(stages.items.map((stage) => [stage.name, leads.items.filter((item) => item.stage.name === stage.name).length])),
    bySource: countBy(leads.items.map((item) => item.source)),
    tutorOwned: leads.items.filter((item) => item.owner && tutorIds.has(item.owner.memberId)).length,
    tasksOpen: tasks.total,
    tasksOverdue: tasks.items.filter((task) => task.dueOn < today).length,
    trialsBooked: tally.trialsBooked,
    trialsWithFeedback: tally.trialsWithFeedback,
    converted: tally.converted,
    convertedStudents: tally.convertedStudents,
  };
}
