/**
 * The demo workspace's people: a small US tutoring company with five tutors and forty
 * students, most of them in families (some with two children, some with two guardians), a
 * few adult learners. Plain data; scripts/demo-seed.ts makes it real through the API.
 */
import type { HomeworkCompletion } from "../src/shared/schemas/session-reports.ts";
import type { ContestAnswer, ContestPoint } from "../src/shared/schemas/health-alerts.ts";
import type { HealthBand, HealthRuleKey } from "../src/shared/schemas/student-health.ts";

export const DEMO_PASSWORD = "Brightpath-Demo-2026";

export const DEMO_WORKSPACE = { name: "Brightpath Tutoring", timeZone: "America/Chicago", currency: "USD" } as const;

export const DEMO_ADMIN = { name: "Rachel Adams", email: "rachel.adams@brightpath.example" } as const;

export interface DemoTutor {
  name: string;
  email: string;
  subjects: string[];
  bio: string;
  /** Cents an hour. */
  payRate: number;
  chargeRate: number;
  /** [ISO weekday, start, end] in the workspace's zone. */
  week: [number, string, string][];
}

export const DEMO_TUTORS: DemoTutor[] = [
  {
    name: "Maya Chen",
    email: "maya.chen@brightpath.example",
    subjects: ["Algebra I", "Algebra II", "Geometry", "SAT Math"],
    bio: 'Former middle-school math teacher. Patient with students who have decided they are "not math people".',
    payRate: 4000,
    chargeRate: 7500,
    week: [
      [1, "15:30", "19:00"],
      [2, "15:30", "19:00"],
      [4, "15:30", "19:30"],
      [6, "09:00", "12:00"],
    ],
  },
  {
    name: "Priya Natarajan",
    email: "priya.natarajan@brightpath.example",
    subjects: ["Precalculus", "Calculus", "Physics"],
    bio: "Engineering PhD student at UIC. AP Calculus BC and AP Physics C specialist.",
    payRate: 4500,
    chargeRate: 8500,
    week: [
      [2, "17:00", "20:30"],
      [3, "17:00", "20:30"],
      [7, "13:00", "17:00"],
    ],
  },
  {
    name: "David Okafor",
    email: "david.okafor@brightpath.example",
    subjects: ["Chemistry", "Biology"],
    bio: "Pharmacist by training; makes stoichiometry make sense. Also helps with lab reports.",
    payRate: 4000,
    chargeRate: 7500,
    week: [
      [1, "16:00", "19:00"],
      [3, "16:00", "19:00"],
      [5, "15:00", "18:00"],
    ],
  },
  {
    name: "Sofia Ramirez",
    email: "sofia.ramirez@brightpath.example",
    subjects: ["Spanish", "English", "Essay Writing"],
    bio: "Bilingual English and Spanish teacher. College application essays every fall.",
    payRate: 3800,
    chargeRate: 7000,
    week: [
      [1, "15:00", "18:00"],
      [2, "15:00", "18:00"],
      [4, "15:00", "18:00"],
      [5, "15:00", "17:00"],
    ],
  },
  {
    name: "James Whitaker",
    email: "james.whitaker@brightpath.example",
    subjects: ["SAT Prep", "ACT Prep", "US History"],
    bio: "Test-prep coach for twelve years; scored in the 99th percentile on both the SAT and the ACT.",
    payRate: 4200,
    chargeRate: 9000,
    week: [
      [3, "18:00", "21:00"],
      [6, "10:00", "16:00"],
      [7, "10:00", "14:00"],
    ],
  },
];

export type StudentStatus = "active" | "paused" | "former";

export interface DemoStudent {
  name: string;
  preferredName?: string;
  grade: string;
  school: string;
  subjects: string[];
  goals: string;
  status?: StudentStatus;
  /** A login of their own: the student is invited and signs up with this email. */
  loginEmail?: string;
}

export interface DemoFamily {
  /** Guardians' names; each gets firstname.lastname@example.com. */
  guardians: string[];
  children: DemoStudent[];
}

const ROOSEVELT = "Roosevelt High School";
const LINCOLN = "Lincoln Middle School";
const OAK_PARK = "Oak Park and River Forest High School";
const ST_IGNATIUS = "St. Ignatius College Prep";
const WHITNEY = "Whitney Young Magnet High School";

export const DEMO_FAMILIES: DemoFamily[] = [
  {
    guardians: ["Laura Bennett", "Mark Bennett"],
    children: [
      {
        name: "Ethan Bennett",
        grade: "Grade 12",
        school: ROOSEVELT,
        subjects: ["Calculus", "Essay Writing"],
        goals: "A 4 or 5 on AP Calculus AB; a personal statement ready by November 1.",
        loginEmail: "ethan.bennett@example.com",
      },
      {
        name: "Chloe Bennett",
        grade: "Grade 9",
        school: ROOSEVELT,
        subjects: ["Algebra I"],
        goals: "Feel confident with linear equations before the spring final.",
      },
    ],
  },
  {
    guardians: ["Angela Martinez"],
    children: [
      {
        name: "Isabella Martinez",
        preferredName: "Bella",
        grade: "Grade 11",
        school: OAK_PARK,
        subjects: ["Chemistry", "SAT Prep"],
        goals: "Honors Chemistry B or better; SAT 1350+ in March.",
      },
    ],
  },
  {
    guardians: ["Kwame Mensah", "Abena Mensah"],
    children: [
      {
        name: "Kofi Mensah",
        grade: "Grade 10",
        school: WHITNEY,
        subjects: ["Geometry", "Biology"],
        goals: "Keep an A in Geometry; prepare for the Biology unit tests.",
      },
      { name: "Ama Mensah", grade: "Grade 7", school: LINCOLN, subjects: ["Algebra I"], goals: "Get ready for accelerated 8th-grade math." },
    ],
  },
  {
    guardians: ["Jennifer Walsh"],
    children: [{ name: "Ryan Walsh", grade: "Grade 11", school: ST_IGNATIUS, subjects: ["ACT Prep"], goals: "ACT composite of 30 for the April test date." }],
  },
  {
    guardians: ["Hiroshi Tanaka"],
    children: [
      {
        name: "Yuki Tanaka",
        grade: "Grade 12",
        school: WHITNEY,
        subjects: ["Physics", "Calculus"],
        goals: "AP Physics C: Mechanics 5; stay ahead in Calculus BC.",
      },
      { name: "Kenji Tanaka", grade: "Grade 9", school: WHITNEY, subjects: ["Spanish"], goals: "Conversational Spanish for the summer exchange program." },
    ],
  },
  {
    guardians: ["Maria Gonzalez"],
    children: [
      {
        name: "Diego Gonzalez",
        grade: "Grade 8",
        school: LINCOLN,
        subjects: ["English", "Algebra I"],
        goals: "Reading comprehension at grade level; pass the Algebra placement test.",
      },
    ],
  },
  {
    guardians: ["Sarah O'Connor"],
    children: [
      {
        name: "Liam O'Connor",
        grade: "Grade 10",
        school: ROOSEVELT,
        subjects: ["Chemistry"],
        goals: "Recover from a D on the first Chemistry test.",
        status: "paused",
      },
    ],
  },
  {
    guardians: ["Priyanka Shah", "Raj Shah"],
    children: [
      { name: "Anika Shah", grade: "Grade 11", school: OAK_PARK, subjects: ["Precalculus", "SAT Math"], goals: "SAT Math 750; Precalculus A." },
      { name: "Arjun Shah", grade: "Grade 8", school: LINCOLN, subjects: ["Geometry"], goals: "Stay challenged: he finished the 8th-grade curriculum early." },
    ],
  },
  {
    guardians: ["Denise Washington"],
    children: [
      {
        name: "Jordan Washington",
        grade: "Grade 12",
        school: ROOSEVELT,
        subjects: ["Essay Writing", "US History"],
        goals: "College essays for six schools; APUSH exam in May.",
      },
    ],
  },
  {
    guardians: ["Tomasz Kowalski"],
    children: [
      {
        name: "Zofia Kowalski",
        preferredName: "Zosia",
        grade: "Grade 10",
        school: ST_IGNATIUS,
        subjects: ["Algebra II"],
        goals: "Move from regular to honors Algebra II next year.",
      },
    ],
  },
  {
    guardians: ["Emily Nguyen"],
    children: [
      { name: "Minh Nguyen", grade: "Grade 11", school: WHITNEY, subjects: ["Physics"], goals: "Understand forces and motion, not just memorise formulas." },
      { name: "Lily Nguyen", grade: "Grade 7", school: LINCOLN, subjects: ["English"], goals: "Write a clear five-paragraph essay." },
    ],
  },
  {
    guardians: ["Michael Brooks"],
    children: [{ name: "Tyler Brooks", grade: "Grade 9", school: OAK_PARK, subjects: ["Biology"], goals: "Honors Biology: B or better each quarter." }],
  },
  {
    guardians: ["Fatima Al-Sayed", "Omar Al-Sayed"],
    children: [
      {
        name: "Layla Al-Sayed",
        grade: "Grade 12",
        school: WHITNEY,
        subjects: ["SAT Prep", "Chemistry"],
        goals: "One more SAT attempt (target 1450); AP Chemistry 4+.",
        loginEmail: "layla.alsayed@example.com",
      },
    ],
  },
  {
    guardians: ["Rebecca Goldberg"],
    children: [
      { name: "Noah Goldberg", grade: "Grade 10", school: ROOSEVELT, subjects: ["Geometry", "Spanish"], goals: "Geometry proofs; Spanish II oral exam." },
      { name: "Hannah Goldberg", grade: "Grade 8", school: LINCOLN, subjects: ["Algebra I"], goals: "Test into Geometry for 9th grade." },
    ],
  },
  {
    guardians: ["Carlos Rivera"],
    children: [{ name: "Sofia Rivera", grade: "Grade 11", school: OAK_PARK, subjects: ["English", "ACT Prep"], goals: "ACT English and Reading 32+." }],
  },
  {
    guardians: ["Grace Kim"],
    children: [
      {
        name: "Daniel Kim",
        grade: "Grade 12",
        school: ST_IGNATIUS,
        subjects: ["Calculus"],
        goals: "Finished the course; kept for the record.",
        status: "former",
      },
    ],
  },
  {
    guardians: ["Olivia Thompson", "Chris Thompson"],
    children: [
      { name: "Ava Thompson", grade: "Grade 10", school: OAK_PARK, subjects: ["Chemistry", "Algebra II"], goals: "Stay on the honors track in both." },
      { name: "Mason Thompson", grade: "Grade 7", school: LINCOLN, subjects: ["English"], goals: "Build a daily reading habit." },
    ],
  },
  {
    guardians: ["Anthony Russo"],
    children: [{ name: "Gianna Russo", grade: "Grade 9", school: ST_IGNATIUS, subjects: ["Spanish"], goals: "Spanish I: pass the final with a B." }],
  },
  {
    guardians: ["Nicole Jackson"],
    children: [
      {
        name: "Marcus Jackson",
        grade: "Grade 11",
        school: ROOSEVELT,
        subjects: ["Precalculus"],
        goals: "Precalculus: catch up after missing three weeks.",
        status: "paused",
      },
    ],
  },
  {
    guardians: ["Svetlana Petrova"],
    children: [
      {
        name: "Nikolai Petrov",
        grade: "Grade 12",
        school: WHITNEY,
        subjects: ["Physics", "Essay Writing"],
        goals: "AP Physics 1 review; a strong 'Why us?' essay for engineering programs.",
      },
      { name: "Katya Petrova", grade: "Grade 9", school: WHITNEY, subjects: ["Biology"], goals: "Lab reports and the Biology midterm." },
    ],
  },
  {
    guardians: ["Brian Murphy"],
    children: [{ name: "Aiden Murphy", grade: "Grade 8", school: LINCOLN, subjects: ["Algebra I"], goals: "Confidence with fractions and equations." }],
  },
  {
    guardians: ["Aisha Bello"],
    children: [
      { name: "Tobi Bello", grade: "Grade 10", school: OAK_PARK, subjects: ["Biology", "SAT Prep"], goals: "PSAT practice this fall; Honors Biology A." },
    ],
  },
  {
    guardians: ["Lisa Andersson"],
    children: [{ name: "Freja Andersson", grade: "Grade 11", school: ST_IGNATIUS, subjects: ["US History"], goals: "APUSH DBQ essays." }],
  },
  { guardians: ["Wei Zhang"], children: [{ name: "Kevin Zhang", grade: "Grade 12", school: WHITNEY, subjects: ["Calculus"], goals: "AP Calculus BC 5." }] },
  {
    guardians: ["Monique Dubois"],
    children: [
      {
        name: "Camille Dubois",
        grade: "Grade 9",
        school: ROOSEVELT,
        subjects: ["Algebra I", "English"],
        goals: "Organisation and study skills in her first high-school year.",
      },
    ],
  },
  {
    guardians: ["Patrick Sullivan", "Megan Sullivan"],
    children: [
      { name: "Owen Sullivan", grade: "Grade 10", school: ST_IGNATIUS, subjects: ["Geometry"], goals: "Geometry final: from a C+ to a B+." },
      { name: "Nora Sullivan", grade: "Grade 8", school: LINCOLN, subjects: ["English"], goals: "Essay structure for the high-school entrance exam." },
    ],
  },
  {
    guardians: ["Ifeoma Eze"],
    children: [
      { name: "Chidi Eze", grade: "Grade 11", school: WHITNEY, subjects: ["Physics", "SAT Math"], goals: "AP Physics 1 and an SAT Math score above 700." },
    ],
  },
];

/** Adult learners: records without guardians. */
export const DEMO_ADULT_LEARNERS: DemoStudent[] = [
  {
    name: "Roberto Silva",
    grade: "Adult learner",
    school: "Harold Washington College",
    subjects: ["Algebra II"],
    goals: "Pass the college math placement test to skip developmental math.",
  },
  {
    name: "Tanya Brown",
    grade: "Adult learner",
    school: "Malcolm X College",
    subjects: ["Chemistry"],
    goals: "Nursing prerequisite: General Chemistry with a B.",
  },
  {
    name: "Samuel Osei",
    grade: "Adult learner",
    school: "Truman College",
    subjects: ["English", "Essay Writing"],
    goals: "Academic writing for his first college composition course.",
  },
  {
    name: "Elena Popescu",
    grade: "Adult learner",
    school: "Harold Washington College",
    subjects: ["Spanish"],
    goals: "Spanish for her work as a medical assistant.",
  },
];

/** Someone who asked to join with the join code and waits in Approvals. */
export const DEMO_JOIN_REQUEST = { name: "Kevin Park", email: "kevin.park@example.com" } as const;

/** An invitation that has not been accepted yet. */
export const DEMO_PENDING_INVITATION = { email: "hannah.lee@brightpath.example", role: "tutor" } as const;

/** firstname.lastname@example.com, in ASCII. */
export function familyEmail(name: string): string {
  return `${name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z\s]/g, "")
    .trim()
    .replace(/\s+/g, ".")}@example.com`;
}

/**
 * A term of weekly sessions for each current assignment of an active student: the last
 * `pastWeeks` completed, the next `futureWeeks` scheduled, an hour each, inside the tutor's
 * week where it has room (the demo's slots are allotted in the order of the assignments).
 */
export const DEMO_TERM = { pastWeeks: 6, futureWeeks: 8, minutes: 60 } as const;

/** Where each tutor's sessions take place: a room of the centre, or online for test prep. */
export const DEMO_SESSION_PLACES: Record<string, { location: string | null; onlineUrl: string | null }> = {
  "Maya Chen": { location: "Brightpath Center, Room 1", onlineUrl: null },
  "Priya Natarajan": { location: "Brightpath Center, Room 2", onlineUrl: null },
  "David Okafor": { location: "Brightpath Center, Lab", onlineUrl: null },
  "Sofia Ramirez": { location: "Brightpath Center, Room 3", onlineUrl: null },
  "James Whitaker": { location: null, onlineUrl: "https://meet.example.com/brightpath-whitaker" },
};

/** What each subject's sessions covered, week by week (cycled): the demo's reports and summaries. */
export const DEMO_REPORT_TOPICS: Record<string, [topics: string, homework: string][]> = {
  "Algebra I": [
    ["Solving two-step linear equations", "Worksheet 3: equations 1–12"],
    ["Graphing lines from slope and intercept", "Graph the six lines on page 88"],
    ["Systems of equations by substitution", "Practice set B, odd questions"],
  ],
  "Algebra II": [
    ["Factoring quadratics", "Textbook 4.3, questions 10–24"],
    ["Quadratic formula and the discriminant", "Discriminant practice sheet"],
    ["Exponential growth and decay", "Two word problems from the review packet"],
  ],
  Geometry: [
    ["Similar triangles and scale factors", "Proof practice: two similarity proofs"],
    ["Pythagorean theorem in 3D figures", "Problems 5–15 on page 212"],
    ["Circle theorems: inscribed angles", "Circle review sheet"],
  ],
  "SAT Math": [
    ["Heart of Algebra: linear word problems", "Practice test 2, math section 3"],
    ["Passport to Advanced Math: quadratics", "Ten timed questions from the question bank"],
    ["Problem solving and data analysis", "Data tables practice set"],
  ],
  Precalculus: [
    ["Unit circle and exact trig values", "Unit circle quiz from memory"],
    ["Graphs of sine and cosine", "Sketch the four transformed graphs"],
    ["Logarithm rules", "Log equations 1–15"],
  ],
  Calculus: [
    ["Limits and continuity", "AP-style free response 2019 #1"],
    ["The chain rule", "Derivatives set C"],
    ["Related rates", "Three related-rates problems"],
  ],
  Physics: [
    ["Newton's second law with friction", "Free-body diagram practice"],
    ["Projectile motion", "Two projectile problems from the AP book"],
    ["Work and energy", "Energy conservation worksheet"],
  ],
  Chemistry: [
    ["Balancing redox equations", "Redox practice, questions 1–10"],
    ["Stoichiometry and limiting reagents", "Limiting reagent worksheet"],
    ["Gas laws", "Ideal gas law problems 1–8"],
  ],
  Biology: [
    ["Cell respiration", "Label the mitochondria diagram"],
    ["Mendelian genetics and Punnett squares", "Five Punnett square problems"],
    ["Photosynthesis: light and dark reactions", "Summary paragraph on the Calvin cycle"],
  ],
  Spanish: [
    ["Preterite versus imperfect", "Write eight sentences about last summer"],
    ["Ordering food and polite requests", "Role-play script for a restaurant"],
    ["Reflexive verbs in the daily routine", "Describe your morning in ten sentences"],
  ],
  English: [
    ["Finding the main idea and supporting details", "Read chapter 4 and note three details"],
    ["Figurative language in poetry", "Find five metaphors in the assigned poem"],
    ["Paragraph structure: topic sentences", "Rewrite two paragraphs with clear topic sentences"],
  ],
  "Essay Writing": [
    ["Brainstorming the personal statement", "Draft two possible opening paragraphs"],
    ["Showing, not telling", "Revise the second paragraph with a concrete scene"],
    ["Tightening the conclusion", "Cut the draft to 650 words"],
  ],
  "SAT Prep": [
    ["Reading: evidence-based pairs", "Reading section, practice test 4"],
    ["Writing: punctuation and boundaries", "Grammar drill set 2"],
    ["Timing strategy for the full test", "Timed section under test conditions"],
  ],
  "ACT Prep": [
    ["Science: data representation passages", "Two science passages, timed"],
    ["English: rhetorical skills", "English section 3 of the practice test"],
    ["Math: plane geometry review", "Geometry drill, 20 questions"],
  ],
  "US History": [
    ["The causes of the Civil War", "DBQ outline on sectionalism"],
    ["Reconstruction and its end", "Read and annotate the primary sources"],
    ["The Progressive Era", "Short answer practice: three prompts"],
  ],
};

/**
 * A session of the term that did not take place as planned, each through the API at the moment
 * it happened: a no-show (the tutor's report marks the student absent), a cancellation inside
 * the workspace's notice period (24 hours: charged at the policy's late share) or one in good
 * time (`noticeDays` before: not charged). The front desk takes the family's call.
 */
export type DemoMiss =
  { kind: "no_show" } | { kind: "late_cancelled"; reason: string; noticeHours: number } | { kind: "cancelled"; reason: string; noticeDays: number };

/**
 * A student whose term goes less well than the others', so that the health cards at the end
 * of the seed span the bands for believable and different reasons. By week of DEMO_TERM's past
 * (0 the oldest, 5 the latest): the sessions missed, and the ratings and homework their reports
 * give (null for a week missed; the others' reports follow the seed's ordinary pattern).
 * `expected` is the card the seed must end with (tests/demo-seed.test.ts checks it): its band
 * under the default rules and the rules that fire, after the family's question about it, if
 * DEMO_HEALTH_QUESTIONS has one that the admin accepted.
 */
export interface DemoHealthStory {
  student: string;
  /** In words, for whoever reads the demo: what the card should tell. */
  story: string;
  misses?: Partial<Record<number, DemoMiss>>;
  understanding?: (number | null)[];
  engagement?: (number | null)[];
  homework?: (HomeworkCompletion | null)[];
  expected: { band: HealthBand; rules: HealthRuleKey[] };
}

/**
 * Five to watch and four to act on, and one whose only miss the family explained and the admin
 * excused (DEMO_HEALTH_QUESTIONS); every other active student ends the term on track.
 */
export const DEMO_HEALTH_STORIES: DemoHealthStory[] = [
  {
    student: "Chloe Bennett",
    story: "One no-show in six weeks, otherwise steady: a miss share of 17% put her on watch until her mother explained it (a fever) and the admin excused it.",
    misses: { 1: { kind: "no_show" } },
    understanding: [3, null, 3, 4, 4, 4],
    expected: { band: "on_track", rules: [] },
  },
  {
    student: "Owen Sullivan",
    story: "Comes every week, but the homework is mostly not done and his engagement has dropped.",
    understanding: [3, 3, 3, 3, 3, 3],
    engagement: [4, 4, 3, 2, 3, 2],
    homework: ["none_set", "completed", "not_done", "partly", "not_done", "not_done"],
    expected: { band: "watch", rules: ["lowEngagement", "homeworkNotDone"] },
  },
  {
    student: "Minh Nguyen",
    story: "Understanding of forces slipping from 4 to 3, and engagement at 2 in two of the last three sessions.",
    understanding: [4, 4, 4, 3, 3, 3],
    engagement: [4, 4, 3, 2, 2, 3],
    homework: ["none_set", "completed", "completed", "partly", "completed", "completed"],
    expected: { band: "watch", rules: ["lowEngagement", "understandingFalling"] },
  },
  {
    student: "Freja Andersson",
    story:
      "Away for three weeks on a family trip, every session cancelled in good time: no session attended for over three weeks and half the planned minutes lost.",
    misses: {
      3: { kind: "cancelled", reason: "Family trip abroad for three weeks; Freja picks up again when they are back.", noticeDays: 3 },
      4: { kind: "cancelled", reason: "Family trip abroad for three weeks; Freja picks up again when they are back.", noticeDays: 10 },
      5: { kind: "cancelled", reason: "Family trip abroad for three weeks; Freja picks up again when they are back.", noticeDays: 17 },
    },
    expected: { band: "watch", rules: ["dosage", "noRecentSession"] },
  },
  {
    student: "Elena Popescu",
    story: "One late cancellation for a clinic shift, and her understanding of the medical vocabulary slipping.",
    misses: { 4: { kind: "late_cancelled", reason: "Elena called two hours before: her shift at the clinic was extended.", noticeHours: 2 } },
    understanding: [4, 4, 4, 3, null, 3],
    engagement: [4, 4, 4, 4, null, 4],
    homework: ["none_set", "completed", "completed", "partly", null, "completed"],
    expected: { band: "watch", rules: ["missedShare", "understandingFalling"] },
  },
  {
    student: "Mason Thompson",
    story: "Two weeks cancelled in good time for a family matter, and the reading homework not done since.",
    misses: {
      2: { kind: "cancelled", reason: "A family matter: Mason will be back in two weeks.", noticeDays: 2 },
      3: { kind: "cancelled", reason: "A family matter: Mason will be back in two weeks.", noticeDays: 9 },
    },
    understanding: [3, 3, null, null, 3, 3],
    homework: ["none_set", "not_done", null, null, "not_done", "not_done"],
    expected: { band: "watch", rules: ["dosage", "homeworkNotDone"] },
  },
  {
    student: "Tyler Brooks",
    story: "Chronic absence: no-shows for the last three weeks running, nothing attended for over three weeks.",
    misses: { 3: { kind: "no_show" }, 4: { kind: "no_show" }, 5: { kind: "no_show" } },
    expected: { band: "act", rules: ["missedShare", "consecutiveMisses", "dosage", "noRecentSession"] },
  },
  {
    student: "Gianna Russo",
    story: "A pattern of late cancellations: every other week the family calls on the day.",
    misses: {
      1: { kind: "late_cancelled", reason: "Her mother called that afternoon: the soccer tournament ran late.", noticeHours: 3 },
      3: { kind: "late_cancelled", reason: "Called at lunchtime: Gianna has a cold.", noticeHours: 4 },
      5: { kind: "late_cancelled", reason: "Called an hour before: a school rehearsal was moved to today.", noticeHours: 1 },
    },
    expected: { band: "act", rules: ["missedShare", "dosage"] },
  },
  {
    student: "Hannah Goldberg",
    story: "A no-show, and since then understanding falling from 4 to 2, low engagement and homework not done.",
    misses: { 3: { kind: "no_show" } },
    understanding: [4, 4, 3, null, 2, 2],
    engagement: [3, 3, 3, null, 2, 2],
    homework: ["none_set", "completed", "not_done", null, "not_done", "not_done"],
    expected: { band: "act", rules: ["missedShare", "understandingFalling", "lowEngagement", "homeworkNotDone"] },
  },
  {
    student: "Roberto Silva",
    story: "Juggling work shifts: a no-show and a late cancellation, and no time left for homework.",
    misses: {
      1: { kind: "no_show" },
      3: { kind: "late_cancelled", reason: "Roberto called an hour before: asked to cover a shift at work.", noticeHours: 1 },
    },
    understanding: [3, null, 3, null, 3, 3],
    homework: ["none_set", null, "not_done", null, "not_done", "not_done"],
    expected: { band: "act", rules: ["missedShare", "dosage", "homeworkNotDone"] },
  },
];

/**
 * A family's question about a data point behind their child's card, asked through the API by
 * the guardian `askedDaysAgo` days before the seed ends, about the session of the student's
 * story in `week` (DEMO_HEALTH_STORIES' weeks); and the admin's answer `answer.daysAgo` days
 * before the end, or none: the question waits in the admin's Questions tab.
 */
export interface DemoHealthQuestion {
  student: string;
  guardian: string;
  week: number;
  point: ContestPoint;
  message: string;
  askedDaysAgo: number;
  answer?: { daysAgo: number; body: ContestAnswer };
}

/** One answered with a reason (the card stays), one accepted (the absence excused, the card scored again), one open. */
export const DEMO_HEALTH_QUESTIONS: DemoHealthQuestion[] = [
  {
    student: "Gianna Russo",
    guardian: "Anthony Russo",
    week: 3,
    point: "attendance",
    message: "Gianna woke up with a cold and we called as soon as we knew. Should a sick day count as a missed session on her card?",
    askedDaysAgo: 6,
    answer: {
      daysAgo: 5,
      body: {
        outcome: "answered",
        answer:
          "We hope Gianna is feeling better. The call came four hours before the session, inside our 24-hour notice, so the card counts it as a late cancellation, as it does for every family. If an illness keeps her away for longer, tell us and we will pause her sessions.",
      },
    },
  },
  {
    student: "Chloe Bennett",
    guardian: "Laura Bennett",
    week: 1,
    point: "attendance",
    message: "Chloe had a fever that morning and I left a message on the front desk's voicemail before 9. Could this absence be excused?",
    askedDaysAgo: 4,
    answer: {
      daysAgo: 3,
      body: {
        outcome: "accepted",
        answer: "Thank you: we found your voicemail from 8:40 that morning. The absence is excused and no longer counts on Chloe's card.",
        correction: { point: "attendance", excuse: true },
      },
    },
  },
  {
    student: "Hannah Goldberg",
    guardian: "Rebecca Goldberg",
    week: 4,
    point: "understanding",
    message:
      "Hannah told us she followed this lesson well and got most of the practice questions right, so a 2 of 5 for understanding surprised us. Could her tutor have another look?",
    askedDaysAgo: 1,
  },
];

/** What the demo's parents give as reasons when they ask to cancel a coming session. */
export const DEMO_CANCELLATION_REASONS = [
  "We are visiting grandparents that weekend and will be back late on Sunday.",
  "A school trip runs over that afternoon; could we skip this one?",
];

/** Billing: the catalogue, the settings printed on invoices, and a materials fee's sales tax. */
export const DEMO_BILLING = {
  settings: {
    paymentTermsDays: 7,
    businessAddress: "Brightpath Tutoring\n1200 W Madison St, Suite 300\nChicago, IL 60607",
    paymentInstructions:
      "Pay by bank transfer to Brightpath Tutoring LLC, routing 071000013, account 4417 2290, quoting the invoice number, or by card at the front desk.",
  },
  materialsTax: { name: "Illinois sales tax (materials)", rateBps: 1025 },
  packages: [
    {
      key: "ten",
      name: "10-hour pack",
      description: "Ten hours of one-to-one tutoring for one student, any subject, at $69 an hour instead of $75.",
      minutes: 600,
      priceMinor: 69_000,
      validDays: 120,
      scope: "student",
    },
    {
      key: "family",
      name: "Family 20-hour pack",
      description: "Twenty hours shared by every child of the family, at $65 an hour.",
      minutes: 1200,
      priceMinor: 130_000,
      validDays: 180,
      scope: "family",
    },
    {
      key: "sprint",
      name: "Test prep sprint: 6 hours",
      description: "Six hours of SAT or ACT preparation in the two months before the test.",
      minutes: 360,
      priceMinor: 48_000,
      validDays: 60,
      scope: "student",
    },
  ],
  /** Families (by their first guardian) who bought a package at the start of the term. */
  openingPurchases: [
    { guardian: "Laura Bennett", packageKey: "family" },
    { guardian: "Angela Martinez", packageKey: "ten", child: "Isabella Martinez" },
  ],
  /** The line a family questions on its invoice, and the admin's answer by credit note. */
  dispute: {
    guardian: "Maria Gonzalez",
    reason: "We told the front desk a week before that this one would be missed for a school trip. Could you check it?",
    creditReason: "Absence notified in time: the session is not charged.",
  },
  /**
   * A family whose paid invoice bills a session the tutor later re-marks as missed: the
   * platform credits the invoiced line by itself and charges the no-show share instead.
   */
  attendanceCorrectionGuardian: "Kwame Mensah",
  /** A family whose latest invoice is left unpaid (overdue) and one who paid part of theirs. */
  unpaidGuardian: "Jennifer Walsh",
  partlyPaidGuardian: "Hiroshi Tanaka",
} as const;

/** Card payments, against the Stripe test double: by families' first guardians. */
export const DEMO_CARDS = {
  /** Saved a card at the start of the term and turned autopay on; the second card's charges are declined. */
  autopay: [
    { guardian: "Kwame Mensah", card: "succeeds" },
    { guardian: "Tomasz Kowalski", card: "charges_fail_later" },
  ],
  /** Pays the month's invoice through Stripe Checkout, days after it came. */
  invoicePaidOnline: "Priyanka Shah",
  /** Buys a package for a child by card today. */
  packageBoughtOnline: { guardian: "Denise Washington", child: "Jordan Washington", packageKey: "ten" },
} as const;
