/**
 * Leads imported from a CSV file (a spreadsheet's export, another CRM's): the preview reads
 * every row as a lead or names each refused cell's column and problem, and points out rows
 * that match a lead the importer sees, or an earlier row, on email or the phone's digits
 * (offered for merging afterwards, never merged). The commit reads the file again in its
 * transaction and writes every lead at once, or none: a refused row refuses the file unless
 * the importer asked to skip refused rows. One audit entry counts the leads, naming nobody.
 */
import { and, eq, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { LEAD_SOURCES, leadCreateSchema, type LeadSource } from "../../../shared/schemas/crm.ts";
import {
  IMPORT_MAX_ROWS,
  type ImportColumn,
  type ImportedLead,
  type ImportIssue,
  type ImportPreview,
  type ImportResult,
  type ImportRow,
  type LeadImport,
} from "../../../shared/schemas/crm-pipeline.ts";
import { type Actor, writeAudit } from "../../core/audit.ts";
import { CsvSyntaxError, parseCsv } from "../../core/csv-parse.ts";
import { workspaceToday } from "../../core/workspace-time.ts";
import { member, user } from "../../db/auth-schema.ts";
import type { Database } from "../../db/client.ts";
import { lead, leadActivity, PHONE_DIGITS } from "../../db/crm-schema.ts";
import { type Queryable, withWorkspace } from "../../db/tenant.ts";
import { AppError, invalidField } from "../../lib/app-error.ts";
import { checkOwner, leadName } from "./leads.ts";
import { type CrmArea, visibleLeads } from "./policy.ts";
import { crmSettingsOf, stagesInForce } from "./stages.ts";

/** Header words (lower case, punctuation as spaces) → the column they name. */
const ALIASES: Record<ImportColumn, string[]> = {
  "guardian name": ["guardian name", "guardian", "parent", "parent name", "guardian s name", "parent s name", "contact name", "contact", "name"],
  "student name": ["student name", "student", "child", "child name", "pupil", "pupil name", "student s name", "child s name"],
  email: ["email", "e mail", "email address", "e mail address", "mail"],
  phone: ["phone", "phone number", "telephone", "tel", "mobile", "mobile number", "cell"],
  subjects: ["subjects", "subject"],
  level: ["level", "year", "year group", "grade", "school year"],
  "preferred times": ["preferred times", "preferred time", "times", "availability", "available times", "when"],
  source: ["source", "lead source", "channel", "came from", "how they found us"],
  notes: ["notes", "note", "comments", "comment", "message"],
  owner: ["owner", "owner email", "assigned to", "assignee", "lead owner"],
};
const COLUMN_OF = new Map(Object.entries(ALIASES).flatMap(([column, words]) => words.map((word) => [word, column as ImportColumn])));
const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

const SOURCE_ALIASES: Record<string, LeadSource> = {
  "enquiry page": "enquiry_page",
  "inquiry page": "enquiry_page",
  enquiry: "enquiry_page",
  website: "enquiry_page",
  web: "enquiry_page",
  "web form": "enquiry_page",
  referral: "referral",
  referred: "referral",
  "word of mouth": "referral",
  phone: "phone",
  "phone call": "phone",
  call: "phone",
  "walk in": "walk_in",
  walkin: "walk_in",
  campaign: "campaign",
  ad: "campaign",
  advert: "campaign",
  other: "other",
};
const SOURCE_WORDS = LEAD_SOURCES.map((source) => source.replace("_", " ")).join(", ");

/** What leadCreateSchema calls a field → the column that held it. */
const FIELD_COLUMN: Record<string, ImportColumn> = {
  guardianName: "guardian name",
  studentName: "student name",
  email: "email",
  phone: "phone",
  subjects: "subjects",
  level: "level",
  preferredTimes: "preferred times",
  notes: "notes",
};

interface Owner {
  memberId: string;
  name: string;
  email: string;
}

/** The file's header mapped to columns; refuses a file without names or contacts or with a column twice. */
function readHeader(header: string[]) {
  const columns = header.map((text) => ({ header: text, column: COLUMN_OF.get(normalise(text)) ?? null }));
  const seen = new Set<ImportColumn>();
  for (const { header: text, column } of columns) {
    if (!column) continue;
    if (seen.has(column)) throw invalidField("csv", `Two columns of the header name the ${column} (the second is "${text}").`);
    seen.add(column);
  }
  if (!seen.has("guardian name") && !seen.has("student name"))
    throw invalidField("csv", "The header row needs a guardian name or a student name column (the first row of the file names the columns).");
  if (!seen.has("email") && !seen.has("phone")) throw invalidField("csv", "The header row needs an email or a phone column.");
  return columns;
}

function parseFile(csv: string) {
  let records;
  try {
    records = parseCsv(csv, IMPORT_MAX_ROWS + 1);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw invalidField("csv", error.message.startsWith("The file has") ? `The file has more than ${IMPORT_MAX_ROWS} leads: split it.` : error.message);
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) throw invalidField("csv", "The CSV file is empty.");
  if (rows.length === 0) throw invalidField("csv", "The file has a header row but no leads under it.");
  return { columns: readHeader(header.fields), rows };
}

/** Who may own the imported leads: the workspace's active admins and tutors, found by email or name. */
async function ownersOf(tx: Queryable, organizationId: string): Promise<Owner[]> {
  return tx
    .select({ memberId: member.id, name: user.name, email: user.email })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, organizationId), eq(member.status, "active"), inArray(member.role, ["admin", "tutor"])));
}

/** Reads every row; the duplicates are matched against the leads the importer sees and the rows before. */
async function readRows(tx: Queryable, actor: Actor, area: CrmArea, input: LeadImport): Promise<ImportPreview> {
  const organizationId = actor.viewer.organizationId;
  const self = actor.viewer.membership.id;
  const { columns, rows } = parseFile(input.csv);
  if (input.ownerMemberId && input.ownerMemberId !== self) {
    if (area === "tutor") throw invalidField("ownerMemberId", "A tutor's leads are their own: you cannot give them to someone else.");
    await checkOwner(tx, organizationId, input.ownerMemberId);
  }
  const owners = await ownersOf(tx, organizationId);
  const defaultOwner = owners.find((owner) => owner.memberId === (input.ownerMemberId ?? self)) ?? {
    memberId: self,
    name: actor.viewer.user.name,
    email: actor.viewer.user.email,
  };
  const read: ImportRow[] = rows.map((record, index) => {
    const cell = (column: ImportColumn) => {
      const at = columns.findIndex((candidate) => candidate.column === column);
      return at < 0 ? "" : (record.fields[at] ?? "").trim();
    };
    const errors: ImportIssue[] = [];
    const sourceText = normalise(cell("source"));
    const source: LeadSource | undefined = sourceText === "" ? "other" : (SOURCE_ALIASES[sourceText] ?? SOURCE_ALIASES[sourceText.replace(/ /g, "")]);
    if (!source) errors.push({ column: "source", message: `Source must be one of ${SOURCE_WORDS} (or left empty for other).` });
    let owner = defaultOwner;
    const ownerText = cell("owner").toLowerCase();
    if (ownerText) {
      const named = owners.find((candidate) => candidate.email.toLowerCase() === ownerText || candidate.name.toLowerCase() === ownerText);
      if (!named) errors.push({ column: "owner", message: "No active admin or tutor of the workspace has this email or name." });
      else if (area === "tutor" && named.memberId !== self) errors.push({ column: "owner", message: "A tutor's leads are their own: leave the owner empty." });
      else owner = named;
    }
    const parsed = leadCreateSchema.safeParse({
      guardianName: cell("guardian name"),
      studentName: cell("student name"),
      email: cell("email"),
      phone: cell("phone"),
      subjects: cell("subjects")
        .split(/[;|,\n]/)
        .map((subject) => subject.trim())
        .filter(Boolean),
      level: cell("level"),
      preferredTimes: cell("preferred times"),
      notes: cell("notes"),
      source: source ?? "other",
      consentBasis: input.consentBasis,
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "");
        const column = FIELD_COLUMN[field] ?? field;
        errors.push({ column, message: issue.message });
      }
    const lead: ImportedLead | null =
      parsed.success && errors.length === 0
        ? {
            guardianName: parsed.data.guardianName ?? null,
            studentName: parsed.data.studentName ?? null,
            email: parsed.data.email ?? null,
            phone: parsed.data.phone ?? null,
            subjects: parsed.data.subjects ?? [],
            level: parsed.data.level ?? null,
            preferredTimes: parsed.data.preferredTimes ?? null,
            source: parsed.data.source,
            notes: parsed.data.notes ?? "",
            owner: { memberId: owner.memberId, name: owner.name },
          }
        : null;
    return { row: index + 2, lead, errors, duplicates: [] };
  });
  await markDuplicates(tx, actor, area, read);
  const valid = read.filter((row) => row.lead).length;
  return { columns, rows: read, valid, refused: read.length - valid };
}

async function markDuplicates(tx: Queryable, actor: Actor, area: CrmArea, rows: ImportRow[]): Promise<void> {
  const digitsOf = (phone: string | null) => phone?.replace(/\D/g, "") || null;
  const emails = [...new Set(rows.flatMap((row) => (row.lead?.email ? [row.lead.email] : [])))];
  const phones = [...new Set(rows.flatMap((row) => (digitsOf(row.lead?.phone ?? null) ? [digitsOf(row.lead!.phone)!] : [])))];
  const matches: SQL[] = [];
  if (emails.length > 0) matches.push(inArray(lead.email, emails));
  if (phones.length > 0) matches.push(and(isNotNull(lead.phone), inArray(PHONE_DIGITS, phones))!);
  const existing =
    matches.length === 0
      ? []
      : await tx
          .select({
            id: lead.id,
            guardianName: lead.guardianName,
            studentName: lead.studentName,
            email: lead.email,
            digits: sql<string | null>`${PHONE_DIGITS}`,
          })
          .from(lead)
          .where(and(visibleLeads(actor.viewer, area), or(...matches)));
  const firstRowByEmail = new Map<string, ImportRow>();
  const firstRowByPhone = new Map<string, ImportRow>();
  for (const row of rows) {
    if (!row.lead) continue;
    const email = row.lead.email;
    const digits = digitsOf(row.lead.phone);
    for (const match of existing) {
      const on = email && match.email === email ? "email" : digits && match.digits === digits ? "phone" : null;
      if (on) row.duplicates.push({ matchedOn: on, leadId: match.id, row: null, name: leadName(match) });
    }
    const earlier = (email && firstRowByEmail.get(email)) || (digits && firstRowByPhone.get(digits)) || null;
    if (earlier)
      row.duplicates.push({
        matchedOn: email && earlier.lead!.email === email ? "email" : "phone",
        leadId: null,
        row: earlier.row,
        name: leadName(earlier.lead!),
      });
    if (email && !firstRowByEmail.has(email)) firstRowByEmail.set(email, row);
    if (digits && !firstRowByPhone.has(digits)) firstRowByPhone.set(digits, row);
  }
}

/** POST /{admin,tutor}/crm/leads/import/preview: every row read, nothing written. */
export async function previewImport(db: Database, actor: Actor, area: CrmArea, input: LeadImport): Promise<ImportPreview> {
  return withWorkspace(db, actor.viewer.organizationId, (tx) => readRows(tx, actor, area, input));
}

/** Rows written per INSERT: well under PostgreSQL's 65,535 parameters. */
const CHUNK = 500;

/** POST /{admin,tutor}/crm/leads/import: every valid row written in one transaction, or none. */
export async function commitImport(db: Database, actor: Actor, area: CrmArea, input: LeadImport, now: Date): Promise<ImportResult> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const preview = await readRows(tx, actor, area, input);
    const refused = preview.rows.filter((row) => !row.lead);
    if (refused.length > 0 && !input.skipInvalid) {
      const issues = refused.flatMap((row) =>
        row.errors.map((error) => ({ path: ["csv", row.row, error.column], message: `Row ${row.row}, ${error.column}: ${error.message}` })),
      );
      const listed = refused.slice(0, 10).map((row) => row.row);
      throw new AppError(
        "VALIDATION_FAILED",
        422,
        `${refused.length} row${refused.length === 1 ? " is" : "s are"} refused (row${listed.length === 1 ? "" : "s"} ${listed.join(", ")}${refused.length > listed.length ? ", …" : ""}): correct ${refused.length === 1 ? "it" : "them"}, or skip refused rows. Nothing was imported.`,
        issues.slice(0, 200),
      );
    }
    const valid = preview.rows.flatMap((row) => (row.lead ? [row.lead] : []));
    if (valid.length === 0) throw invalidField("csv", "No row of the file can be imported.");
    const [first] = await stagesInForce(tx, organizationId);
    const { purgeMonths } = await crmSettingsOf(tx, organizationId);
    const today = await workspaceToday(tx, organizationId, now);
    const purgeOn = sql`(${today}::date + make_interval(months => ${purgeMonths}::int))::date`;
    const leadIds: string[] = [];
    for (let start = 0; start < valid.length; start += CHUNK) {
      const inserted = await tx
        .insert(lead)
        .values(
          valid.slice(start, start + CHUNK).map((row) => ({
            organizationId,
            guardianName: row.guardianName,
            studentName: row.studentName,
            email: row.email,
            phone: row.phone,
            subjects: row.subjects,
            level: row.level,
            preferredTimes: row.preferredTimes,
            source: row.source,
            ownerMemberId: row.owner.memberId,
            stageId: first!.id,
            stageEnteredAt: now,
            notes: row.notes,
            consentBasis: input.consentBasis,
            purgeOn,
            createdByUserId: actor.viewer.user.id,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning({ id: lead.id });
      leadIds.push(...inserted.map((row) => row.id));
      await tx.insert(leadActivity).values(
        inserted.map((row) => ({
          organizationId,
          leadId: row.id,
          kind: "created" as const,
          summary: "Imported from a CSV file",
          actorUserId: actor.viewer.user.id,
          occurredAt: now,
        })),
      );
    }
    const skipped = refused.map((row) => ({ row: row.row, errors: row.errors }));
    await writeAudit(tx, {
      organizationId,
      userId: actor.viewer.user.id,
      actorRole: actor.viewer.role,
      action: "LEAD_IMPORTED",
      description: `${leadIds.length} lead${leadIds.length === 1 ? "" : "s"} imported from a CSV file${skipped.length ? ` (${skipped.length} refused row${skipped.length === 1 ? "" : "s"} skipped)` : ""}`,
      ipAddress: actor.ipAddress,
      metadata: { imported: leadIds.length, skipped: skipped.length },
    });
    return { imported: leadIds.length, leadIds, skipped };
  });
}
