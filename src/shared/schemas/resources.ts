/**
 * The library: files and links with an audience, a category, tags and versions; some ask
 * their audience to acknowledge each version. Shared by the API and the web app.
 */
import { z } from "zod";
import { longTextField, nameField, optionalLineField, pageOf, pageQuerySchema, searchQueryField, uuidField } from "./fields.ts";
import { recordingUrlField } from "./recordings.ts";

export const RESOURCE_AUDIENCES = ["tutor", "parent", "student"] as const;
export type ResourceAudience = (typeof RESOURCE_AUDIENCES)[number];
export const RESOURCE_AUDIENCE_LABELS: Record<ResourceAudience, string> = { tutor: "Tutors", parent: "Parents", student: "Students" };

/**
 * The file types the library accepts: what people call them, the extensions a file of the
 * type may have, and how the browser previews it. The server also checks each file's leading
 * bytes against its declared type (server/features/resources/file-types.ts).
 */
export const RESOURCE_FILE_TYPES = {
  "application/pdf": { label: "PDF", extensions: ["pdf"], preview: "pdf" },
  "image/png": { label: "PNG image", extensions: ["png"], preview: "image" },
  "image/jpeg": { label: "JPEG image", extensions: ["jpg", "jpeg"], preview: "image" },
  "image/gif": { label: "GIF image", extensions: ["gif"], preview: "image" },
  "image/webp": { label: "WebP image", extensions: ["webp"], preview: "image" },
  "text/plain": { label: "Text", extensions: ["txt"], preview: null },
  "text/markdown": { label: "Markdown", extensions: ["md", "markdown"], preview: null },
  "text/csv": { label: "CSV", extensions: ["csv"], preview: null },
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": { label: "Word document", extensions: ["docx"], preview: null },
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { label: "Excel workbook", extensions: ["xlsx"], preview: null },
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": { label: "PowerPoint presentation", extensions: ["pptx"], preview: null },
} as const satisfies Record<string, { label: string; extensions: readonly string[]; preview: "pdf" | "image" | null }>;
export type ResourceFileType = keyof typeof RESOURCE_FILE_TYPES;
export const isResourceFileType = (value: string): value is ResourceFileType => Object.hasOwn(RESOURCE_FILE_TYPES, value);
/** For people and for the file picker: "PDF, PNG, JPG, …" and ".pdf,.png,…". */
export const RESOURCE_FORMATS_TEXT = [...new Set(Object.values(RESOURCE_FILE_TYPES).flatMap((type) => type.extensions))].map((e) => e.toUpperCase()).join(", ");
export const RESOURCE_ACCEPT = Object.values(RESOURCE_FILE_TYPES)
  .flatMap((type) => type.extensions)
  .map((extension) => `.${extension}`)
  .join(",");

/** The media type a file name's extension stands for, if the library accepts it (what a browser leaves blank or guesses). */
export function resourceTypeOfName(fileName: string): ResourceFileType | null {
  const extension = fileName.toLowerCase().split(".").pop() ?? "";
  const found = Object.entries(RESOURCE_FILE_TYPES).find(([, type]) => (type.extensions as readonly string[]).includes(extension));
  return found ? (found[0] as ResourceFileType) : null;
}

/** A list from JSON (an array) or from a query string (comma-separated). */
function listParam<T extends z.ZodType>(item: T, label: string, max: number) {
  return z.preprocess(
    (value) => (typeof value === "string" ? (value.trim() === "" ? [] : value.split(",")) : value),
    z.array(item, { error: `${label} must be a list.` }).max(max, `Give at most ${max} ${label.toLowerCase()}.`),
  );
}

const booleanParam = (label: string) =>
  z.preprocess((value) => (value === "true" ? true : value === "false" ? false : value), z.boolean({ error: `${label} must be true or false.` }));

export const resourceTagsField = listParam(nameField("Each tag", 40), "Tags", 10).transform((tags) =>
  tags.filter((tag, index) => tags.findIndex((other) => other.toLowerCase() === tag.toLowerCase()) === index),
);

/**
 * What describes a resource. An admin's resource is for roles (audience) and may require
 * acknowledgement; a tutor's is for chosen students of theirs (studentIds) and their guardians.
 */
export const resourceDetailsSchema = z.object({
  title: nameField("Title", 200),
  description: longTextField("Description", 2000).default(""),
  category: nameField("Category", 60),
  tags: resourceTagsField.default([]),
  audience: listParam(z.enum(RESOURCE_AUDIENCES, { error: "Audience must be tutor, parent or student." }), "Audiences", 3)
    .transform((values) => [...new Set(values)])
    .default([]),
  studentIds: listParam(uuidField("Each student"), "Students", 200)
    .transform((values) => [...new Set(values)])
    .default([]),
  requiresAcknowledgement: booleanParam("Requires acknowledgement").default(false),
});
export type ResourceDetails = z.infer<typeof resourceDetailsSchema>;

export const resourceUrlField = recordingUrlField;
const versionNoteField = optionalLineField("What changed", 300).default(null);

export const resourceLinkCreateSchema = resourceDetailsSchema.extend({ url: resourceUrlField });
export type ResourceLinkCreate = z.infer<typeof resourceLinkCreateSchema>;

/** A file name as the uploader's computer named it: no path, no control characters. */
export const resourceFileNameField = z
  .string({ error: "The file's name is required (fileName)." })
  .trim()
  .min(1, "The file's name is required (fileName).")
  .max(200, "The file's name must be at most 200 characters.")
  .refine(
    (value) => !/[/\\\u0000-\u001f\u007f]/.test(value) && value !== "." && value !== "..",
    "The file's name must not contain a path (/ or \\) or control characters.",
  );

/** The upload's query; the file itself is the raw request body, with its media type as Content-Type. */
export const resourceUploadQuerySchema = resourceDetailsSchema.extend({ fileName: resourceFileNameField });
export type ResourceUploadQuery = z.infer<typeof resourceUploadQuerySchema>;

export const resourceVersionUploadQuerySchema = z.object({ fileName: resourceFileNameField, note: versionNoteField });
export type ResourceVersionUploadQuery = z.infer<typeof resourceVersionUploadQuerySchema>;

export const resourceLinkVersionSchema = z.object({ url: resourceUrlField, note: versionNoteField });
export type ResourceLinkVersion = z.infer<typeof resourceLinkVersionSchema>;

export const resourceListQuerySchema = pageQuerySchema.extend({
  q: searchQueryField,
  category: z.string().trim().max(60, "Category must be at most 60 characters.").optional(),
  /** Only the resources that ask for acknowledgement (billing's choice of a policy document). */
  acknowledgement: z.enum(["required"], { error: "Acknowledgement must be required." }).optional(),
});
export type ResourceListQuery = z.infer<typeof resourceListQuerySchema>;

export const resourceVersionSchema = z.object({
  version: z.number().int(),
  url: z.string().nullable(),
  fileName: z.string().nullable(),
  contentType: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  note: z.string(),
  /** Whether the file's text is searchable: pending until it has been read. */
  textState: z.enum(["pending", "extracted", "none", "failed"]),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  /** The file through the app (shown inline; ?download=1 saves it); null for a link. */
  fileUrl: z.string().nullable(),
  /** A link through the app (the opening is audited); null for a file. */
  openUrl: z.string().nullable(),
});
export type ResourceVersion = z.infer<typeof resourceVersionSchema>;

export const resourceSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(["file", "link"]),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  audience: z.array(z.enum(RESOURCE_AUDIENCES)),
  /** The tutor sharing it; null for the workspace's own. */
  owner: z.object({ memberId: z.string(), name: z.string() }).nullable(),
  /** The students a tutor's resource is shared with (names shown to the admin and its tutor only). */
  sharedWith: z.array(z.object({ id: z.string(), name: z.string() })),
  requiresAcknowledgement: z.boolean(),
  current: resourceVersionSchema,
  preview: z.enum(["pdf", "image"]).nullable(),
  /** The viewer's latest acknowledgement of it, and whether the current version still awaits theirs. */
  acknowledged: z.object({ version: z.number().int(), at: z.string() }).nullable(),
  awaitingAcknowledgement: z.boolean(),
  canManage: z.boolean(),
  /** Where a search matched, with the words marked by « and ». */
  match: z.string().nullable(),
  updatedAt: z.string(),
});
export type ResourceSummary = z.infer<typeof resourceSummarySchema>;

export const resourceListSchema = pageOf(resourceSummarySchema).extend({
  categories: z.array(z.object({ name: z.string(), count: z.number().int() })),
  /** Everything awaiting the viewer's acknowledgement, whatever the search. */
  awaiting: z.array(resourceSummarySchema),
  maxUploadBytes: z.number().int(),
});
export type ResourceList = z.infer<typeof resourceListSchema>;

export const acknowledgementCountsSchema = z.object({ people: z.number().int(), acknowledged: z.number().int(), awaiting: z.number().int() });

export const resourceDetailSchema = resourceSummarySchema.extend({
  versions: z.array(resourceVersionSchema),
  /** For its managers: how many of its audience have acknowledged the current version. */
  acknowledgements: acknowledgementCountsSchema.nullable(),
  /** Whether billing's cancellation policy cites it (it cannot then be deleted). */
  citedByBilling: z.boolean(),
});
export type ResourceDetail = z.infer<typeof resourceDetailSchema>;

export const ACKNOWLEDGEMENT_STATES = ["all", "acknowledged", "awaiting"] as const;
export const acknowledgementListQuerySchema = pageQuerySchema.extend({
  state: z.enum(ACKNOWLEDGEMENT_STATES, { error: "State must be all, acknowledged or awaiting." }).default("all"),
});
export type AcknowledgementListQuery = z.infer<typeof acknowledgementListQuerySchema>;

export const acknowledgementPersonSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(RESOURCE_AUDIENCES),
  /** Their latest acknowledgement of any version, or null. */
  acknowledgedVersion: z.number().int().nullable(),
  acknowledgedAt: z.string().nullable(),
  /** Whether that is the current version. */
  upToDate: z.boolean(),
});
export type AcknowledgementPerson = z.infer<typeof acknowledgementPersonSchema>;
export const acknowledgementListSchema = pageOf(acknowledgementPersonSchema).extend({ counts: acknowledgementCountsSchema, currentVersion: z.number().int() });
export type AcknowledgementList = z.infer<typeof acknowledgementListSchema>;

export const acknowledgeSchema = z.object({
  version: z.number({ error: "Version must be a number." }).int("Version must be a whole number.").min(1, "Version must be 1 or more."),
});
export const acknowledgeResultSchema = z.object({ version: z.number().int(), at: z.string() });

export const reminderResultSchema = z.object({ awaiting: z.number().int() });

export const resourceIdField = uuidField("Resource");
