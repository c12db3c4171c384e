/**
 * The family billing digest: every 5 minutes, each account with notices not yet sent
 * (billing_notice: an invoice issued, a payment recorded, an overdue reminder …) gets ONE mail
 * per payer listing them all, with the PDFs of the invoices and credit notes they name. Never
 * more than one billing mail per family per day:
 * - the day (in the workspace's time zone) is claimed by inserting billing_digest
 *   (workspace, account, day) ON CONFLICT DO NOTHING; a day already taken leaves the notices
 *   unsent, for the first run of the next day. Two runs claiming the same day queue behind the
 *   unique index, and the second claims nothing.
 * - the notices are marked sent and the mails queued (core/notify.ts) in the claim's
 *   transaction: a crash before the commit leaves everything for the next run, after it the
 *   mails are in the queue, which retries each until the mail server takes it.
 * The PDFs are rendered before that transaction (rendering is slow; the claim's locks are
 * held only for the writes), for the documents the notices named then; a notice that
 * arrives in between has its document rendered inside.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { AppDeps } from "../../core/context.ts";
import { notify } from "../../core/notify.ts";
import { workspaceToday } from "../../core/workspace-time.ts";
import { billingDigest, billingNotice, payerAccountMember } from "../../db/billing-schema.ts";
import { member, user } from "../../db/schema.ts";
import { type Queryable, type Transaction, withLookup, withWorkspace } from "../../db/tenant.ts";
import { defineScheduledJob } from "../../jobs/define.ts";
import type { MailAttachment } from "../../mail/mailer.ts";
import { mails } from "../../mail/templates.ts";
import { creditNotePdf } from "./pdf/credit-note-pdf.ts";
import { invoicePdf } from "./pdf/invoice-pdf.ts";
import { workspaceOf } from "./statements.ts";

/** Accounts read per scan, and at most per run: a larger backlog carries on at the next run. */
const BATCH = 200;
const MAX_PER_RUN = 5_000;

export const billingDigestJob = defineScheduledJob({
  name: "billing-digest",
  cron: "*/5 * * * *",
  settings: { retryLimit: 0, expireInSeconds: 900, deleteAfterSeconds: 86_400 },
  async run(deps) {
    const result = await sendBillingDigests(deps);
    if (result.families > 0) deps.logger.info(result, "billing digests queued");
  },
});

/** Sends the digest of every account with unsent notices whose day is still free. */
export async function sendBillingDigests(deps: AppDeps): Promise<{ families: number; mails: number }> {
  const now = deps.clock.now();
  let families = 0;
  let queued = 0;
  let seen = 0;
  let after: { organizationId: string; accountId: string } | undefined;
  while (seen < MAX_PER_RUN) {
    // The owner's scan policy (app.scan = 'billing-digest') shows unsent notices only.
    const accounts = await withLookup(deps.db, "app.scan", "billing-digest", (tx) =>
      tx
        .selectDistinct({ organizationId: billingNotice.organizationId, accountId: billingNotice.accountId })
        .from(billingNotice)
        .where(
          and(
            isNull(billingNotice.sentAt),
            after ? sql`(${billingNotice.organizationId}, ${billingNotice.accountId}) > (${after.organizationId}, ${after.accountId}::uuid)` : undefined,
          ),
        )
        .orderBy(asc(billingNotice.organizationId), asc(billingNotice.accountId))
        .limit(BATCH),
    );
    for (const account of accounts) {
      try {
        const count = await digestAccount(deps, account.organizationId, account.accountId, now);
        if (count !== null) {
          families += 1;
          queued += count;
        }
      } catch (error) {
        // This family's notices stay unsent and are tried again next run; the others go on.
        deps.logger.error({ err: error, accountId: account.accountId }, "billing digest not queued");
      }
    }
    seen += accounts.length;
    if (accounts.length < BATCH) break;
    after = accounts.at(-1);
  }
  return { families, mails: queued };
}

const unsentOf = (organizationId: string, accountId: string) =>
  and(eq(billingNotice.organizationId, organizationId), eq(billingNotice.accountId, accountId), isNull(billingNotice.sentAt));

async function alreadySentToday(tx: Queryable, organizationId: string, accountId: string, today: string): Promise<boolean> {
  const [row] = await tx
    .select({ day: billingDigest.day })
    .from(billingDigest)
    .where(and(eq(billingDigest.organizationId, organizationId), eq(billingDigest.accountId, accountId), eq(billingDigest.day, today)));
  return Boolean(row);
}

/** The documents the notices name, each once. */
function documentsOf(notices: { invoiceId: string | null; creditNoteId: string | null }[]) {
  return {
    invoiceIds: [...new Set(notices.flatMap((notice) => (notice.invoiceId ? [notice.invoiceId] : [])))],
    creditNoteIds: [...new Set(notices.flatMap((notice) => (notice.creditNoteId ? [notice.creditNoteId] : [])))],
  };
}

interface RenderedDocuments {
  invoices: Map<string, MailAttachment>;
  creditNotes: Map<string, MailAttachment>;
}

/** The PDFs of the documents, as attachments named by their numbers. */
async function documentPdfs(tx: Transaction, organizationId: string, documents: ReturnType<typeof documentsOf>, now: Date): Promise<RenderedDocuments> {
  const attachment = (content: Buffer, filename: string): MailAttachment => ({
    filename,
    contentType: "application/pdf",
    contentBase64: content.toString("base64"),
  });
  const invoices = new Map<string, MailAttachment>();
  for (const id of documents.invoiceIds) {
    const pdf = await invoicePdf(tx, organizationId, id, now);
    invoices.set(id, attachment(pdf.content, `Invoice ${pdf.number ?? id}.pdf`));
  }
  const creditNotes = new Map<string, MailAttachment>();
  for (const id of documents.creditNoteIds) {
    const pdf = await creditNotePdf(tx, organizationId, id);
    creditNotes.set(id, attachment(pdf.content, `Credit note ${pdf.number}.pdf`));
  }
  return { invoices, creditNotes };
}

/** Claims today for the account and queues its digest; null when the day was already taken (or nothing is left). */
async function digestAccount(deps: AppDeps, organizationId: string, accountId: string, now: Date): Promise<number | null> {
  const rendered = await withWorkspace(deps.db, organizationId, async (tx) => {
    const today = await workspaceToday(tx, organizationId, now);
    if (await alreadySentToday(tx, organizationId, accountId, today)) return null;
    const notices = await tx.select().from(billingNotice).where(unsentOf(organizationId, accountId));
    return documentPdfs(tx, organizationId, documentsOf(notices), now);
  });
  if (!rendered) return null;

  return withWorkspace(deps.db, organizationId, async (tx) => {
    const today = await workspaceToday(tx, organizationId, now);
    const [claimed] = await tx
      .insert(billingDigest)
      .values({ organizationId, accountId, day: today, sentAt: now })
      .onConflictDoNothing()
      .returning({ day: billingDigest.day });
    if (!claimed) return null;
    const notices = await tx.update(billingNotice).set({ sentAt: now }).where(unsentOf(organizationId, accountId)).returning();
    if (notices.length === 0) return null;
    notices.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));

    const wanted = documentsOf(notices);
    const missing = {
      invoiceIds: wanted.invoiceIds.filter((id) => !rendered.invoices.has(id)),
      creditNoteIds: wanted.creditNoteIds.filter((id) => !rendered.creditNotes.has(id)),
    };
    const late = missing.invoiceIds.length + missing.creditNoteIds.length > 0 ? await documentPdfs(tx, organizationId, missing, now) : undefined;
    const attachments: MailAttachment[] = [
      ...wanted.invoiceIds.flatMap((id) => [rendered.invoices.get(id) ?? late?.invoices.get(id)].filter((pdf) => pdf !== undefined)),
      ...wanted.creditNoteIds.flatMap((id) => [rendered.creditNotes.get(id) ?? late?.creditNotes.get(id)].filter((pdf) => pdf !== undefined)),
    ];

    const payers = await tx
      .select({ email: user.email, name: user.name })
      .from(payerAccountMember)
      .innerJoin(member, and(eq(member.organizationId, payerAccountMember.organizationId), eq(member.id, payerAccountMember.memberId)))
      .innerJoin(user, eq(user.id, member.userId))
      .where(and(eq(payerAccountMember.organizationId, organizationId), eq(payerAccountMember.accountId, accountId), eq(member.status, "active")))
      .orderBy(asc(user.email));
    if (payers.length === 0) {
      // Nobody to write to: the notices stay on the family's billing page, marked sent.
      deps.logger.warn({ organizationId, accountId, notices: notices.length }, "billing digest: the account has no active payer");
      return 0;
    }
    const workspace = await workspaceOf(tx, organizationId);
    await notify(
      deps.jobs,
      tx,
      ...payers.map((payer) => ({
        ...mails.billingDigest({
          to: payer.email,
          name: payer.name,
          workspace: workspace.name,
          notices: notices.map((notice) => notice.text),
          attached: attachments.map((attachment) => attachment.filename),
          url: `${deps.config.appUrl}/parent/billings`,
        }),
        attachments,
      })),
    );
    return payers.length;
  });
}
