/**
 * The demo workspace's library, as its admin and a tutor would fill it at the start of term:
 * a tutor handbook every tutor but one has acknowledged, a parent guide, the cancellation
 * policy (billing cites it; about half of the families have acknowledged it), a privacy notice
 * for families, an exam board's specification (a link for students), and a worksheet a tutor
 * shared with one of her students. Files are real PDFs and text with real words, so the
 * library's search finds them.
 */
import type { ApiClient } from "../tests/client.ts";
import { signIn, type FactoryContext } from "../tests/factories.ts";
import { samplePdf, sampleText, uploadResource } from "../tests/resource-factories.ts";
import { DEMO_PASSWORD, familyEmail } from "./demo-data.ts";

export interface DemoLibrarySummary {
  resources: number;
  cancellationPolicyId: string;
  familiesAcknowledged: number;
  familiesAsked: number;
}

const HANDBOOK = `Brightpath tutor handbook

Welcome to Brightpath. This handbook says how we work together, so that every family gets the same care whoever teaches their child.

Sessions. Arrive five minutes early for in-person sessions and open online rooms early. If you must move a session, tell the office and the family at least 24 hours ahead; the cancellation policy applies to us too.

Reports. File each session's report within 48 hours: attendance, topics, homework, and marks for engagement and understanding. Families read the summary, so write it for them: specific, kind and honest.

Safeguarding. You are never alone with a child behind a closed door. Report any concern about a child's safety to the designated safeguarding lead, Rachel Adams, the same day. Do not promise a child to keep a secret.

Pay. Lessons you teach are paid at your rate; late cancellations are paid at the share the pay settings give. Pay runs close on the last day of each month.`;

const PARENT_GUIDE = `A guide for parents

How tutoring works at Brightpath. Your child has a tutor for each subject. After each session the tutor files a report and shares a short summary with you: what was covered, how your child engaged, and the homework set.

Seeing progress. The Progress tab on your child's page shows sessions against plan, attendance and the trend of engagement and understanding. The health card explains what would make it go up or down.

Billing. Packages of hours are invoiced in advance; each lesson uses hours from the package. You can question any invoice line from the invoice itself.

Questions. Write to the office at any time; we answer within one working day.`;

const CANCELLATION_POLICY = `Brightpath cancellation policy

Cancelling with notice. You may cancel or move a session free of charge up to 24 hours before it starts, from the session's page or by telling the office.

Late cancellations. A session cancelled less than 24 hours before it starts is charged in full, because your tutor has kept the time for your child.

No-shows. A session your child does not attend without telling us is charged in full.

Illness and emergencies. Tell us as soon as you can; the office may waive the charge for illness with notice on the day.

Our side. If we cancel a session, it is never charged and we offer another time the same week.`;

const PRIVACY_NOTICE = `Privacy notice for families

What we keep. Your child's name, school, year, subjects and goals; each session's report and summary; your contact details and the invoices of your account.

Who sees it. Your child's tutors see the records of the students they teach; the office sees everything; you see your own children's records, and who has read them, in the access log.

How long. Records are kept while your child is taught and for two years after, then erased. You may ask for a copy of your child's record, or for its erasure, at any time.`;

const WORKSHEET = `Quadratics practice

1. Factorise x^2 + 7x + 12.
2. Solve x^2 - 5x + 6 = 0.
3. Complete the square for x^2 + 6x + 2.
4. Sketch y = x^2 - 4x + 3, marking the roots and the turning point.`;

async function upload(client: ApiClient, area: "admin" | "tutor", bytes: Uint8Array<ArrayBuffer>, details: Parameters<typeof uploadResource>[3]) {
  const res = await uploadResource(client, area, bytes, details);
  if (res.status !== 201) throw new Error(`Uploading "${details?.title}" failed with ${res.status}: ${res.text}`);
  return res.body as { id: string; current: { version: number } };
}

export async function seedLibrary(
  ctx: FactoryContext,
  admin: ApiClient,
  options: { tutors: { client: ApiClient }[]; guardians: string[]; tutorShare: { client: ApiClient; studentId: string } },
): Promise<DemoLibrarySummary> {
  const handbook = await upload(admin, "admin", await samplePdf(HANDBOOK, "Brightpath tutor handbook"), {
    title: "Tutor handbook",
    category: "Handbooks",
    description: "How we work: sessions, reports, safeguarding and pay. Every tutor reads and acknowledges it.",
    audience: "tutor",
    tags: "onboarding,safeguarding",
    requiresAcknowledgement: true,
    fileName: "brightpath-tutor-handbook.pdf",
  });
  await upload(admin, "admin", await samplePdf(PARENT_GUIDE, "A guide for parents"), {
    title: "A guide for parents",
    category: "Guides",
    description: "How tutoring, reports, progress and billing work, in two pages.",
    audience: "parent",
    tags: "getting started",
    fileName: "parent-guide.pdf",
  });
  const policy = await upload(admin, "admin", await samplePdf(CANCELLATION_POLICY, "Brightpath cancellation policy"), {
    title: "Cancellation policy",
    category: "Policies",
    description: "Free up to 24 hours before a session; later cancellations and no-shows are charged in full.",
    audience: "parent",
    tags: "billing",
    requiresAcknowledgement: true,
    fileName: "cancellation-policy.pdf",
  });
  await upload(admin, "admin", await samplePdf(PRIVACY_NOTICE, "Privacy notice for families"), {
    title: "Privacy notice",
    category: "Policies",
    description: "What we keep about your child, who sees it, and for how long.",
    audience: "parent,student",
    tags: "privacy",
    fileName: "privacy-notice.pdf",
  });
  const link = await admin.post("/api/admin/resources/links", {
    title: "GCSE Mathematics specification (AQA)",
    category: "Exam boards",
    description: "The exam board's specification: every topic the papers may cover.",
    audience: ["student", "tutor"],
    tags: ["GCSE", "maths"],
    url: "https://www.aqa.org.uk/subjects/mathematics/gcse/mathematics-8300/specification",
  });
  if (link.status !== 201) throw new Error(`Adding the specification link failed with ${link.status}: ${link.text}`);
  await upload(options.tutorShare.client, "tutor", sampleText(WORKSHEET), {
    title: "Quadratics practice",
    category: "Worksheets",
    description: "Four questions before Thursday's session.",
    studentIds: options.tutorShare.studentId,
    fileName: "quadratics-practice.txt",
    contentType: "text/plain",
  });

  // Billing cites the policy from the start of term: late cancellations name it.
  const cited = await admin.patch("/api/admin/billing/settings", { cancellationPolicyResourceId: policy.id });
  if (cited.status !== 200) throw new Error(`Naming the cancellation policy failed with ${cited.status}: ${cited.text}`);

  for (const tutor of options.tutors.slice(0, -1)) {
    const done = await tutor.client.post(`/api/tutor/resources/${handbook.id}/acknowledgements`, { version: 1 });
    if (done.status !== 200) throw new Error(`A tutor's acknowledgement failed with ${done.status}: ${done.text}`);
  }
  const acknowledging = options.guardians.filter((_, index) => index % 2 === 0);
  for (const guardian of acknowledging) {
    const client = await signIn(ctx, familyEmail(guardian), DEMO_PASSWORD);
    const done = await client.post(`/api/parent/resources/${policy.id}/acknowledgements`, { version: 1 });
    if (done.status !== 200) throw new Error(`${guardian}'s acknowledgement failed with ${done.status}: ${done.text}`);
  }
  return { resources: 6, cancellationPolicyId: policy.id, familiesAcknowledged: acknowledging.length, familiesAsked: options.guardians.length };
}
