/**
 * What visitors send through the marketing site's forms (contact, affiliate application):
 * stored in the platform table `enquiry`, and mailed to the operator (OPERATOR_EMAIL).
 *
 * The sender has no workspace, so the owner connection writes the row (as sign-up does for
 * its pre-workspace rows, docs/decisions/010): the app role glassroom_app only ever works
 * inside a workspace. The row and the operator's mail job are written in one transaction:
 * the mail is queued (jobs/mail.ts) only if the row is stored, and is not lost if the process
 * stops before it is sent.
 */
import { count, desc, eq } from "drizzle-orm";
import {
  CONTACT_TOPIC_LABELS,
  ENQUIRY_PAGE_SIZE,
  HONEYPOT_FIELD,
  type AffiliateRequest,
  type ContactRequest,
  type EnquiryKind,
  type EnquiryListQuery,
  type EnquiryPage,
} from "../../../shared/schemas/enquiries.ts";
import type { AppDeps } from "../../core/context.ts";
import { notify } from "../../core/notify.ts";
import { enquiry } from "../../db/schema.ts";
import type { Logger } from "../../lib/logger.ts";
import { mails } from "../../mail/templates.ts";

export const INBOX_PAGE_PATH = "/platform/inbox";

/** How each stored field reads in the operator's mail and the inbox, in order. */
const FIELD_LABELS: Record<EnquiryKind, [field: string, label: string][]> = {
  contact: [
    ["name", "Name"],
    ["email", "Email"],
    ["organisation", "Organisation"],
    ["topic", "Topic"],
    ["message", "Message"],
  ],
  affiliate: [
    ["name", "Name"],
    ["email", "Email"],
    ["website", "Website or audience"],
    ["country", "Country"],
    ["audience", "Audience"],
    ["promotion", "How they will promote Glassroom"],
    ["agreeToTerms", "Agreed to the programme terms"],
  ],
};

function describe(kind: EnquiryKind, fields: Record<string, unknown>): string[] {
  return FIELD_LABELS[kind].map(([field, label]) => {
    const value = fields[field];
    const text =
      field === "topic"
        ? CONTACT_TOPIC_LABELS[value as keyof typeof CONTACT_TOPIC_LABELS]
        : typeof value === "boolean"
          ? value
            ? "yes"
            : "no"
          : value == null || value === ""
            ? "(not given)"
            : String(value);
    return `${label}:\n${text}`;
  });
}

function titleOf(kind: EnquiryKind, fields: Record<string, unknown>): string {
  return kind === "contact"
    ? `Contact (${CONTACT_TOPIC_LABELS[fields.topic as keyof typeof CONTACT_TOPIC_LABELS]}) from ${String(fields.name)}`
    : `Affiliate application from ${String(fields.name)}`;
}

/**
 * Stores a submission and queues the operator's mail. A filled spam trap (HONEYPOT_FIELD)
 * is answered by the caller exactly as an accepted one, so that a robot learns nothing, but
 * nothing is stored or mailed.
 */
export async function receiveEnquiry(
  deps: Pick<AppDeps, "db" | "jobs" | "config">,
  logger: Logger,
  kind: EnquiryKind,
  input: ContactRequest | AffiliateRequest,
): Promise<void> {
  const { [HONEYPOT_FIELD]: trap, ...fields } = input;
  if (trap && trap.trim() !== "") {
    logger.info({ kind }, "enquiry caught by the spam trap: answered as received, not stored nor mailed");
    return;
  }
  const operator = deps.config.operatorEmail;
  await deps.db.transaction(async (tx) => {
    await tx.insert(enquiry).values({ kind, name: fields.name, email: fields.email, fields });
    if (operator) {
      await notify(
        deps.jobs,
        tx,
        mails.enquiryReceived({ to: operator, title: titleOf(kind, fields), lines: describe(kind, fields), url: `${deps.config.appUrl}${INBOX_PAGE_PATH}` }),
      );
    }
  });
  if (!operator) logger.warn({ kind }, "OPERATOR_EMAIL is not set: the enquiry is stored (platform inbox) but mailed to no one");
}

/** One page of stored enquiries, newest first, of one kind or both. */
export async function listEnquiries(db: AppDeps["db"], query: EnquiryListQuery): Promise<EnquiryPage> {
  const where = query.kind ? eq(enquiry.kind, query.kind) : undefined;
  const pageSize = ENQUIRY_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(enquiry)
      .where(where)
      .orderBy(desc(enquiry.createdAt), desc(enquiry.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ total: count() }).from(enquiry).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      name: row.name,
      email: row.email,
      fields: row.fields as Record<string, unknown>,
      createdAt: row.createdAt.toISOString(),
    })),
    total: total?.total ?? 0,
    page: query.page,
    pageSize,
  };
}
