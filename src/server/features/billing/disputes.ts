/**
 * Disputes: a payer questions one line of an issued invoice (one open dispute per line), both
 * sides write in its thread, and an admin answers it with an explanation or a credit note for
 * up to the line's amount (issued by credit-notes.ts, citing the line). The parent may
 * withdraw it while it is open. Every step is audited; the admins hear of a new dispute (and
 * of a parent's message) by mail, the family of an answer through their billing digest
 * (a billing_notice 'dispute_answered').
 *
 * A parent sees only the disputes of accounts they pay for; anything else answers 404.
 */
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { DisputeState } from "../../../shared/billing-states.ts";
import { formatMoney } from "../../../shared/money.ts";
import type { Dispute, DisputeCredit, DisputeExplain, DisputeMessageCreate, DisputeOpen, DisputeSummary } from "../../../shared/schemas/billing-disputes.ts";
import type { AuditAction } from "../../../shared/schemas/audit.ts";
import { type Actor, writeAudit } from "../../core/audit.ts";
import type { AppDeps, MemberContext } from "../../core/context.ts";
import { isRecordId } from "../../core/ids.ts";
import { notify } from "../../core/notify.ts";
import { billingNotice, creditNote, disputeMessage, invoice, invoiceDispute, invoiceLine } from "../../db/billing-schema.ts";
import { member, payerAccount, user } from "../../db/schema.ts";
import { type Queryable, type Transaction, withWorkspace } from "../../db/tenant.ts";
import { AppError, conflict, invalidField, notFound } from "../../lib/app-error.ts";
import { mails } from "../../mail/templates.ts";
import { issueCreditNote } from "./credit-notes.ts";
import { billingContextOf } from "./invoice-context.ts";
import { payerOf } from "./policy.ts";
import { workspaceOf } from "./statements.ts";

export type DisputeArea = "admin" | "parent";

const disputeNotFound = () => notFound("The dispute");

/** What a viewer may see of disputes: everything of the workspace, or the accounts they pay for. */
function visibleTo(viewer: MemberContext, area: DisputeArea): SQL | undefined {
  return and(eq(invoiceDispute.organizationId, viewer.organizationId), area === "parent" ? payerOf(viewer, invoiceDispute.accountId) : undefined);
}

const openedBy = sql<string | null>`(select ${user.name} from ${user} where ${user.id} = ${invoiceDispute.openedByUserId})`;

async function summaries(tx: Queryable, currency: string, where: SQL | undefined, order: "open first" | "newest"): Promise<DisputeSummary[]> {
  const rows = await tx
    .select({
      dispute: invoiceDispute,
      accountName: payerAccount.name,
      invoiceNumber: invoice.number,
      lineDescription: invoiceLine.description,
      lineAmountMinor: invoiceLine.amountMinor,
      creditNoteNumber: creditNote.number,
      openedByName: openedBy,
    })
    .from(invoiceDispute)
    .innerJoin(payerAccount, and(eq(payerAccount.organizationId, invoiceDispute.organizationId), eq(payerAccount.id, invoiceDispute.accountId)))
    .innerJoin(invoice, and(eq(invoice.organizationId, invoiceDispute.organizationId), eq(invoice.id, invoiceDispute.invoiceId)))
    .innerJoin(invoiceLine, and(eq(invoiceLine.organizationId, invoiceDispute.organizationId), eq(invoiceLine.id, invoiceDispute.invoiceLineId)))
    .leftJoin(creditNote, and(eq(creditNote.organizationId, invoiceDispute.organizationId), eq(creditNote.id, invoiceDispute.creditNoteId)))
    .where(where)
    .orderBy(...(order === "open first" ? [sql`${invoiceDispute.state} <> 'open'`] : []), desc(invoiceDispute.createdAt), desc(invoiceDispute.id))
    .limit(500);
  return rows.map((row) => ({
    id: row.dispute.id,
    state: row.dispute.state,
    accountId: row.dispute.accountId,
    accountName: row.accountName,
    invoiceId: row.dispute.invoiceId,
    invoiceNumber: row.invoiceNumber,
    invoiceLineId: row.dispute.invoiceLineId,
    lineDescription: row.lineDescription,
    lineAmountMinor: row.lineAmountMinor,
    currency,
    reason: row.dispute.reason,
    openedByName: row.openedByName,
    createdAt: row.dispute.createdAt.toISOString(),
    resolvedAt: row.dispute.resolvedAt?.toISOString() ?? null,
    creditNoteId: row.dispute.creditNoteId,
    creditNoteNumber: row.creditNoteNumber,
  }));
}

async function readDispute(tx: Queryable, viewer: MemberContext, area: DisputeArea, disputeId: string): Promise<Dispute> {
  if (!isRecordId(disputeId)) throw disputeNotFound();
  const { currency } = await workspaceOf(tx, viewer.organizationId);
  const [summary] = await summaries(tx, currency, and(visibleTo(viewer, area), eq(invoiceDispute.id, disputeId)), "newest");
  if (!summary) throw disputeNotFound();
  const messages = await tx
    .select({ message: disputeMessage, authorName: user.name })
    .from(disputeMessage)
    .leftJoin(user, eq(user.id, disputeMessage.authorUserId))
    .where(and(eq(disputeMessage.organizationId, viewer.organizationId), eq(disputeMessage.disputeId, disputeId)))
    .orderBy(asc(disputeMessage.createdAt), asc(disputeMessage.id));
  return {
    ...summary,
    messages: messages.map(({ message, authorName }) => ({
      id: message.id,
      authorRole: message.authorRole,
      authorName,
      body: message.body,
      createdAt: message.createdAt.toISOString(),
    })),
  };
}

export async function listDisputes(deps: AppDeps, viewer: MemberContext, area: DisputeArea): Promise<{ items: DisputeSummary[] }> {
  return withWorkspace(deps.db, viewer.organizationId, async (tx) => {
    const { currency } = await workspaceOf(tx, viewer.organizationId);
    return { items: await summaries(tx, currency, visibleTo(viewer, area), area === "admin" ? "open first" : "newest") };
  });
}

export async function viewDispute(deps: AppDeps, viewer: MemberContext, area: DisputeArea, disputeId: string): Promise<Dispute> {
  return withWorkspace(deps.db, viewer.organizationId, (tx) => readDispute(tx, viewer, area, disputeId));
}

async function audit(tx: Transaction, actor: Actor, action: AuditAction, description: string, metadata: Record<string, unknown>): Promise<void> {
  await writeAudit(tx, {
    organizationId: actor.viewer.organizationId,
    userId: actor.viewer.user.id,
    actorRole: actor.viewer.role,
    ipAddress: actor.ipAddress,
    action,
    description,
    metadata,
  });
}

/** Tells the workspace's active admins by mail (queued in the transaction). */
async function mailAdmins(deps: AppDeps, tx: Transaction, actor: Actor, details: { opened: boolean; invoiceNumber: string; line: string; text: string }) {
  const organizationId = actor.viewer.organizationId;
  const admins = await tx
    .select({ email: user.email, name: user.name })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, organizationId), eq(member.role, "admin"), eq(member.status, "active")));
  const workspace = await workspaceOf(tx, organizationId);
  await notify(
    deps.jobs,
    tx,
    ...admins.map((admin) =>
      mails.disputeToAdmins({
        to: admin.email,
        name: admin.name,
        workspace: workspace.name,
        parent: actor.viewer.user.name,
        ...details,
        url: `${deps.config.appUrl}/admin/billing`,
      }),
    ),
  );
}

/** The dispute, locked for its change, when it is the viewer's to change and still open. */
async function lockOpenDispute(tx: Transaction, viewer: MemberContext, area: DisputeArea, disputeId: string) {
  if (!isRecordId(disputeId)) throw disputeNotFound();
  const [row] = await tx
    .select({ dispute: invoiceDispute, invoiceNumber: invoice.number, invoiceStatus: invoice.status, line: invoiceLine })
    .from(invoiceDispute)
    .innerJoin(invoice, and(eq(invoice.organizationId, invoiceDispute.organizationId), eq(invoice.id, invoiceDispute.invoiceId)))
    .innerJoin(invoiceLine, and(eq(invoiceLine.organizationId, invoiceDispute.organizationId), eq(invoiceLine.id, invoiceDispute.invoiceLineId)))
    .where(and(visibleTo(viewer, area), eq(invoiceDispute.id, disputeId)))
    .for("no key update", { of: invoiceDispute });
  if (!row) throw disputeNotFound();
  if (row.dispute.state !== "open") throw conflict(`The dispute is already ${row.dispute.state}: only an open dispute can change.`);
  return { ...row, invoiceNumber: row.invoiceNumber ?? "" };
}

/** Ends an open dispute in `state` (the row is locked by lockOpenDispute first). */
async function resolve(tx: Transaction, actor: Actor, disputeId: string, state: Exclude<DisputeState, "open">, now: Date, creditNoteId: string | null = null) {
  await tx
    .update(invoiceDispute)
    .set({ state, resolvedAt: now, resolvedByUserId: actor.viewer.user.id, creditNoteId })
    .where(and(eq(invoiceDispute.organizationId, actor.viewer.organizationId), eq(invoiceDispute.id, disputeId), eq(invoiceDispute.state, "open")));
}

async function addMessage(tx: Transaction, actor: Actor, area: DisputeArea, disputeId: string, body: string, now: Date): Promise<string> {
  const [row] = await tx
    .insert(disputeMessage)
    .values({ organizationId: actor.viewer.organizationId, disputeId, authorUserId: actor.viewer.user.id, authorRole: area, body, createdAt: now })
    .returning({ id: disputeMessage.id });
  return row!.id;
}

/** The family hears of an answer in their next billing digest. */
async function noticeAnswer(
  tx: Transaction,
  organizationId: string,
  dispute: { id: string; accountId: string; invoiceId: string },
  dedupeKey: string,
  text: string,
  creditNoteId: string | null,
  now: Date,
) {
  await tx
    .insert(billingNotice)
    .values({ organizationId, accountId: dispute.accountId, kind: "dispute_answered", dedupeKey, invoiceId: null, creditNoteId, text, createdAt: now })
    .onConflictDoNothing();
}

export async function openDispute(deps: AppDeps, actor: Actor, invoiceId: string, lineId: string, input: DisputeOpen): Promise<Dispute> {
  const viewer = actor.viewer;
  const now = deps.clock.now();
  if (!isRecordId(invoiceId) || !isRecordId(lineId)) throw notFound("The invoice line");
  const id = await withWorkspace(deps.db, viewer.organizationId, async (tx) => {
    // Drafts are not the family's to see; a void invoice no longer asks anything of them.
    const [found] = await tx
      .select({ invoice: invoice, line: invoiceLine })
      .from(invoice)
      .innerJoin(invoiceLine, and(eq(invoiceLine.organizationId, invoice.organizationId), eq(invoiceLine.invoiceId, invoice.id), eq(invoiceLine.id, lineId)))
      .where(
        and(
          eq(invoice.organizationId, viewer.organizationId),
          eq(invoice.id, invoiceId),
          inArray(invoice.status, ["issued", "void"]),
          payerOf(viewer, invoice.accountId),
        ),
      );
    if (!found) throw notFound("The invoice line");
    if (found.invoice.status === "void") throw conflict(`Invoice ${found.invoice.number} is void: there is nothing left to dispute on it.`);
    const [created] = await tx
      .insert(invoiceDispute)
      .values({
        organizationId: viewer.organizationId,
        invoiceId,
        invoiceLineId: lineId,
        accountId: found.invoice.accountId,
        reason: input.reason,
        openedByUserId: viewer.user.id,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: invoiceDispute.id });
    if (!created) throw conflict("This line already has an open dispute: write in it instead.");
    const number = found.invoice.number ?? "";
    await audit(tx, actor, "BILLING_DISPUTE_OPENED", `${viewer.user.name} disputed line ${found.line.position} of invoice ${number}`, {
      disputeId: created.id,
      invoiceId,
      invoiceLineId: lineId,
    });
    await mailAdmins(deps, tx, actor, { opened: true, invoiceNumber: number, line: found.line.description, text: input.reason });
    return created.id;
  });
  return viewDispute(deps, viewer, "parent", id);
}

export async function writeDisputeMessage(deps: AppDeps, actor: Actor, area: DisputeArea, disputeId: string, input: DisputeMessageCreate): Promise<Dispute> {
  const viewer = actor.viewer;
  const now = deps.clock.now();
  await withWorkspace(deps.db, viewer.organizationId, async (tx) => {
    const locked = await lockOpenDispute(tx, viewer, area, disputeId);
    const messageId = await addMessage(tx, actor, area, disputeId, input.body, now);
    await audit(tx, actor, "BILLING_DISPUTE_MESSAGE_ADDED", `${viewer.user.name} wrote in the dispute of invoice ${locked.invoiceNumber}`, {
      disputeId,
      messageId,
    });
    if (area === "parent")
      await mailAdmins(deps, tx, actor, { opened: false, invoiceNumber: locked.invoiceNumber, line: locked.line.description, text: input.body });
    else
      await noticeAnswer(
        tx,
        viewer.organizationId,
        locked.dispute,
        `dispute:${disputeId}:message:${messageId}`,
        `A reply about your question on invoice ${locked.invoiceNumber} (${locked.line.description}).`,
        null,
        now,
      );
  });
  return viewDispute(deps, viewer, area, disputeId);
}

export async function withdrawDispute(deps: AppDeps, actor: Actor, disputeId: string): Promise<Dispute> {
  const viewer = actor.viewer;
  await withWorkspace(deps.db, viewer.organizationId, async (tx) => {
    const locked = await lockOpenDispute(tx, viewer, "parent", disputeId);
    await resolve(tx, actor, disputeId, "withdrawn", deps.clock.now());
    await audit(tx, actor, "BILLING_DISPUTE_WITHDRAWN", `${viewer.user.name} withdrew the dispute of invoice ${locked.invoiceNumber}`, { disputeId });
  });
  return viewDispute(deps, viewer, "parent", disputeId);
}

export async function explainDispute(deps: AppDeps, actor: Actor, disputeId: string, input: DisputeExplain): Promise<Dispute> {
  const viewer = actor.viewer;
  const now = deps.clock.now();
  await withWorkspace(deps.db, viewer.organizationId, async (tx) => {
    const locked = await lockOpenDispute(tx, viewer, "admin", disputeId);
    const messageId = await addMessage(tx, actor, "admin", disputeId, input.body, now);
    await resolve(tx, actor, disputeId, "explained", now);
    await audit(tx, actor, "BILLING_DISPUTE_EXPLAINED", `${viewer.user.name} explained the disputed line of invoice ${locked.invoiceNumber}`, {
      disputeId,
      messageId,
    });
    await noticeAnswer(
      tx,
      viewer.organizationId,
      locked.dispute,
      `dispute:${disputeId}:answer`,
      `Your question on invoice ${locked.invoiceNumber} (${locked.line.description}) was answered: ${input.body}`,
      null,
      now,
    );
  });
  return viewDispute(deps, viewer, "admin", disputeId);
}

export async function creditDispute(deps: AppDeps, actor: Actor, disputeId: string, input: DisputeCredit): Promise<Dispute> {
  const viewer = actor.viewer;
  const now = deps.clock.now();
  await withWorkspace(deps.db, viewer.organizationId, async (tx) => {
    const locked = await lockOpenDispute(tx, viewer, "admin", disputeId);
    if (input.amountMinor > locked.line.amountMinor) throw invalidField("amountMinor", "Amount must not be more than the disputed line's amount.");
    const { currency } = await workspaceOf(tx, viewer.organizationId);
    if (locked.invoiceStatus !== "issued")
      throw conflict(`Invoice ${locked.invoiceNumber} is ${locked.invoiceStatus}: answer the dispute with an explanation instead.`);
    const note = await issueCreditNote(tx, billingContextOf(actor, now), {
      accountId: locked.dispute.accountId,
      invoiceId: locked.dispute.invoiceId,
      reason: input.reason,
      idempotencyKey: `dispute:${disputeId}`,
      lines: [{ description: `Credit for: ${locked.line.description}`.slice(0, 200), amountMinor: input.amountMinor, invoiceLineId: locked.line.id }],
    }).catch((error: unknown) => {
      // The invoice's earlier credit notes leave less to credit: the admin's amount is what to change.
      if (error instanceof AppError && error.status === 422 && error.issues?.[0]?.path[0] === "lines") throw invalidField("amountMinor", error.message);
      throw error;
    });
    const messageId = await addMessage(tx, actor, "admin", disputeId, input.reason, now);
    await resolve(tx, actor, disputeId, "credited", now, note.id);
    await audit(
      tx,
      actor,
      "BILLING_DISPUTE_CREDITED",
      `${viewer.user.name} answered the dispute of invoice ${locked.invoiceNumber} with credit note ${note.number} (${formatMoney(input.amountMinor, currency)})`,
      { disputeId, messageId, creditNoteId: note.id, amountMinor: input.amountMinor },
    );
    await noticeAnswer(
      tx,
      viewer.organizationId,
      locked.dispute,
      `dispute:${disputeId}:answer`,
      `Your question on invoice ${locked.invoiceNumber} (${locked.line.description}) was answered with credit note ${note.number} for ${formatMoney(input.amountMinor, currency)}: ${input.reason}`,
      note.id,
      now,
    );
  });
  return viewDispute(deps, viewer, "admin", disputeId);
}
