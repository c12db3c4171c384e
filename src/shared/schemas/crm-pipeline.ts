/**
 * The CRM's pipeline tools: leads imported from a CSV file (previewed row by row, then written
 * in one go), two duplicate leads merged into one, and the funnel's figures for a date range.
 */
import { z } from "zod";
import { CONSENT_BASES, LEAD_SOURCES } from "./crm.ts";
import { dateField, uuidField } from "./fields.ts";

/** At most this many data rows in one file; the JSON body's own limit (1 MB) bounds its size. */
export const IMPORT_MAX_ROWS = 2_000;
export const IMPORT_MAX_CHARACTERS = 1_000_000;

/** The columns a lead file may have, as the preview names them. */
export const IMPORT_COLUMNS = ["guardian name", "student name", "email", "phone", "subjects", "level", "preferred times", "source", "notes", "owner"] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export const leadImportSchema = z.object({
  /** The file's text: a header row, then one lead per row (RFC 4180: commas, quotes doubled). */
  csv: z
    .string({ error: "The CSV text is required." })
    .min(1, "The CSV file is empty.")
    .max(IMPORT_MAX_CHARACTERS, `The CSV file must be at most ${IMPORT_MAX_CHARACTERS.toLocaleString("en")} characters.`),
  /** The basis on which the importer holds these people's details. */
  consentBasis: z.enum(CONSENT_BASES, { error: `Consent basis must be one of ${CONSENT_BASES.join(", ")}.` }),
  /** Admins: the owner of rows without an owner column (the importer when left out). A tutor's leads are their own. */
  ownerMemberId: z.string().min(1).max(64).optional(),
  /** Write the valid rows and report the refused ones, instead of refusing the whole file. */
  skipInvalid: z.boolean({ error: "skipInvalid must be true or false." }).optional(),
});
export type LeadImport = z.infer<typeof leadImportSchema>;

const importIssueSchema = z.object({ column: z.string(), message: z.string() });
export type ImportIssue = z.infer<typeof importIssueSchema>;

export const importedLeadSchema = z.object({
  guardianName: z.string().nullable(),
  studentName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  subjects: z.array(z.string()),
  level: z.string().nullable(),
  preferredTimes: z.string().nullable(),
  source: z.enum(LEAD_SOURCES),
  notes: z.string(),
  owner: z.object({ memberId: z.string(), name: z.string() }),
});
export type ImportedLead = z.infer<typeof importedLeadSchema>;

export const importDuplicateSchema = z.object({
  matchedOn: z.enum(["email", "phone"]),
  /** An existing lead the importer sees… */
  leadId: z.string().nullable(),
  /** …or an earlier row of the same file. */
  row: z.number().int().nullable(),
  name: z.string(),
});

export const importRowSchema = z.object({
  /** The row's line in the file as a spreadsheet numbers it (the header is 1). */
  row: z.number().int(),
  lead: importedLeadSchema.nullable(),
  errors: z.array(importIssueSchema),
  /** Offered for merging after the import, never merged by it. */
  duplicates: z.array(importDuplicateSchema),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importPreviewSchema = z.object({
  columns: z.array(z.object({ header: z.string(), column: z.enum(IMPORT_COLUMNS).nullable() })),
  rows: z.array(importRowSchema),
  valid: z.number().int(),
  refused: z.number().int(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({
  imported: z.number().int(),
  leadIds: z.array(z.string()),
  skipped: z.array(z.object({ row: z.number().int(), errors: z.array(importIssueSchema) })),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const leadMergeSchema = z.object({
  /** The duplicate merged into the lead of the path, then deleted. */
  duplicateLeadId: uuidField("Duplicate lead"),
});
export type LeadMerge = z.infer<typeof leadMergeSchema>;

/** The funnel of the leads created from `from` to `to` (days in the workspace's zone, both included; the last 90 days by default). */
export const funnelQuerySchema = z
  .object({ from: dateField("From date").optional(), to: dateField("To date").optional() })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { path: ["to"], message: "The end date must not be before the start date." });
export type FunnelQuery = z.infer<typeof funnelQuerySchema>;

const stepSchema = z.object({
  stageId: z.string(),
  stage: z.string(),
  /** Leads standing in the stage now. */
  current: z.number().int(),
  /** Leads that ever reached it (or a later stage). */
  reached: z.number().int(),
  /** Of those that reached the stage before, the share that reached this one (0–1); null for the first stage or none before. */
  conversion: z.number().nullable(),
});

export const funnelFiguresSchema = z.object({
  leads: z.number().int(),
  /** The open stages in order, then won. */
  steps: z.array(stepSchema),
  /** Leads now in the lost stage. */
  lost: z.number().int(),
  converted: z.number().int(),
  withTrial: z.number().int(),
  /** Of the leads with a trial on their timeline, the share that converted (0–1); null without trials. */
  trialConversion: z.number().nullable(),
  /** From created to converted, in days (one decimal); null when none converted. */
  medianDaysToConvert: z.number().nullable(),
});
export type FunnelFigures = z.infer<typeof funnelFiguresSchema>;

export const funnelSchema = z.object({
  from: z.string(),
  to: z.string(),
  overall: funnelFiguresSchema,
  bySource: z.array(funnelFiguresSchema.extend({ source: z.enum(LEAD_SOURCES) })),
  byOwner: z.array(funnelFiguresSchema.extend({ owner: z.object({ memberId: z.string(), name: z.string() }).nullable() })),
});
export type Funnel = z.infer<typeof funnelSchema>;
