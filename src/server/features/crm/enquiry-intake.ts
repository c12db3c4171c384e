/**
 * The workspace's public enquiry page: what a visitor sends becomes a lead (source
 * enquiry_page, or campaign when the page's address carried UTM parameters), a first-response
 * task due within 24 hours for its owner, and a mail to the owner, in one transaction. A filled
 * spam trap is answered as accepted and writes nothing. The workspace is found by its slug on
 * the owner connection (organization is an identity table); everything else is written inside
 * the workspace.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { EnquiryForm, PublicEnquiry } from "../../../shared/schemas/crm.ts";
import { HONEYPOT_FIELD } from "../../../shared/schemas/enquiry-options.ts";
import { writeAudit } from "../../core/audit.ts";
import type { AppDeps } from "../../core/context.ts";
import { notify } from "../../core/notify.ts";
import { workspaceToday } from "../../core/workspace-time.ts";
import { member, organization, user } from "../../db/auth-schema.ts";
import { crmTask, lead } from "../../db/crm-schema.ts";
import { type Queryable, withWorkspace } from "../../db/tenant.ts";
import { notFound } from "../../lib/app-error.ts";
import type { Logger } from "../../lib/logger.ts";
import type { RateRule } from "../../middleware/rate-limit.ts";
import { mails } from "../../mail/templates.ts";
import { addActivity, leadName } from "./leads.ts";
import { crmSettingsOf, stagesInForce } from "./stages.ts";

const DAY_MS = 86_400_000;

/**
 * As the marketing site's forms: a person sends one enquiry, perhaps corrects it; more is a
 * robot or a flood. One count per address for the API and the page's plain form post.
 */
export const ENQUIRY_LIMIT: RateRule = { max: 5, windowSeconds: 900 };
export const ENQUIRY_LIMIT_NAME = "workspace-enquiry";
const WORKSPACE = "The workspace";

async function workspaceBySlug(db: AppDeps["db"], slug: string) {
  const [row] = await db
    .select({ id: organization.id, name: organization.name, slug: organization.slug })
    .from(organization)
    .where(eq(organization.slug, slug));
  if (!row) throw notFound(WORKSPACE);
  return row;
}

/** GET /public/workspaces/{slug}/enquiry-form: whose enquiry page it is. */
export async function enquiryForm(db: AppDeps["db"], slug: string): Promise<EnquiryForm> {
  const workspace = await workspaceBySlug(db, slug);
  return { workspaceName: workspace.name, slug: workspace.slug };
}

/**
 * The owner of an enquiry: the workspace's default owner (else its first admin), or by
 * round-robin the active admins and tutors in name order, after the owner of the latest lead
 * the page brought.
 */
async function ownerOfEnquiry(tx: Queryable, organizationId: string): Promise<{ memberId: string; name: string; email: string; role: string }> {
  const staff = await tx
    .select({ memberId: member.id, name: user.name, email: user.email, role: member.role })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, organizationId), eq(member.status, "active"), inArray(member.role, ["admin", "tutor"])))
    .orderBy(asc(user.name), asc(member.id));
  const settings = await crmSettingsOf(tx, organizationId);
  const firstAdmin = staff.find((person) => person.role === "admin") ?? staff[0];
  if (!firstAdmin) throw new Error("a workspace without an active admin or tutor cannot take enquiries");
  if (settings.ownerAssignment !== "round_robin") return staff.find((person) => person.memberId === settings.defaultOwnerMemberId) ?? firstAdmin;
  const [latest] = await tx
    .select({ ownerMemberId: lead.ownerMemberId })
    .from(lead)
    .where(and(eq(lead.organizationId, organizationId), inArray(lead.source, ["enquiry_page", "campaign"])))
    .orderBy(desc(lead.createdAt), desc(lead.id))
    .limit(1);
  const after = staff.findIndex((person) => person.memberId === latest?.ownerMemberId);
  return staff[(after + 1) % staff.length]!;
}

/** POST /public/workspaces/{slug}/enquiries. */
export async function receiveWorkspaceEnquiry(
  deps: Pick<AppDeps, "db" | "jobs" | "config">,
  logger: Logger,
  slug: string,
  input: PublicEnquiry,
  now: Date,
): Promise<void> {
  const workspace = await workspaceBySlug(deps.db, slug);
  const { [HONEYPOT_FIELD]: trap, consent: _consent, message, utm, ...contact } = input;
  if (trap && trap.trim() !== "") {
    logger.info({ organizationId: workspace.id }, "workspace enquiry caught by the spam trap: answered as received, not stored nor mailed");
    return;
  }
  const keptUtm = utm ? Object.fromEntries(Object.entries(utm).filter(([, value]) => value)) : {};
  const campaign = Object.keys(keptUtm).length > 0;
  await withWorkspace(deps.db, workspace.id, async (tx) => {
    const [first] = await stagesInForce(tx, workspace.id);
    const owner = await ownerOfEnquiry(tx, workspace.id);
    const { purgeMonths } = await crmSettingsOf(tx, workspace.id);
    const today = await workspaceToday(tx, workspace.id, now);
    const dueOn = await workspaceToday(tx, workspace.id, new Date(now.getTime() + DAY_MS));
    const [row] = await tx
      .insert(lead)
      .values({
        organizationId: workspace.id,
        guardianName: contact.guardianName,
        studentName: contact.studentName ?? null,
        email: contact.email,
        phone: contact.phone ?? null,
        subjects: contact.subjects ?? [],
        level: contact.level ?? null,
        preferredTimes: contact.preferredTimes ?? null,
        source: campaign ? "campaign" : "enquiry_page",
        utm: campaign ? keptUtm : null,
        ownerMemberId: owner.memberId,
        stageId: first!.id,
        stageEnteredAt: now,
        notes: "",
        consentBasis: "consent",
        purgeOn: addMonths(today, purgeMonths),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: lead.id });
    const leadId = row!.id;
    const name = leadName({ guardianName: contact.guardianName, studentName: contact.studentName ?? null });
    await addActivity(
      tx,
      workspace.id,
      leadId,
      { kind: "created", summary: `Enquired on the enquiry page${campaign ? " (a campaign)" : ""}`, body: message || null },
      null,
      now,
    );
    await tx.insert(crmTask).values({
      organizationId: workspace.id,
      title: `First response to ${name}`,
      kind: "first_response",
      dueOn,
      assigneeMemberId: owner.memberId,
      leadId,
      createdAt: now,
    });
    await addActivity(tx, workspace.id, leadId, { kind: "task", summary: `Task: First response to ${name}, due ${dueOn}` }, null, now);
    await writeAudit(tx, {
      organizationId: workspace.id,
      userId: null,
      actorRole: null,
      action: "LEAD_CREATED",
      description: `Lead received from the enquiry page${campaign ? " (a campaign)" : ""}`,
      metadata: { leadId },
    });
    const area = owner.role === "admin" ? "admin" : "tutor";
    await notify(
      deps.jobs,
      tx,
      mails.leadReceived({
        to: owner.email,
        name: owner.name,
        workspace: workspace.name,
        lead: name,
        dueOn,
        url: `${deps.config.appUrl}/${area}/crm?lead=${leadId}`,
      }),
    );
  });
}

/** YYYY-MM-DD plus whole months, the day kept (clamped to the month's last). */
function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, last));
  return target.toISOString().slice(0, 10);
}
