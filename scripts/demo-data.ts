/**
 * The demo workspace's people: a small US tutoring company with five tutors and forty
 * students, most of them in families (some with two children, some with two guardians), a
 * few adult learners. Plain data; scripts/demo-seed.ts makes it real through the API.
 */

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
