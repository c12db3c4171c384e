/**
 * The workspace's library and its exports.
 *
 * - resource: a file or a link with its audience, category, tags and search document. A
 *   workspace resource (owner_member_id null) is managed by admins and seen by the roles of
 *   its audience; a tutor's resource (owner_member_id set) is seen by the students it is
 *   shared with (resource_share) and their guardians.
 * - resource_version: each upload (or address) of a resource; the highest is current.
 * - resource_acknowledgement: a person's acknowledgement of one version of a resource that
 *   requires it.
 * - workspace_export: a full export of the workspace, built by a job, downloadable for a day.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, check, customType, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth-schema.ts";
import { organizationIdColumn, workspaceIsolation } from "./columns.ts";
import { student } from "./schema.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const userRef = (name: string) => text(name).references(() => user.id, { onDelete: "set null" });

export const resource = pgTable(
  "resource",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    kind: text("kind", { enum: ["file", "link"] }).notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    category: text("category").notNull(),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The roles a workspace resource is for ('tutor', 'parent', 'student'); empty for a tutor's own. */
    audience: text("audience")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The tutor who shares it with chosen students; null for the workspace's own. */
    ownerMemberId: text("owner_member_id"),
    requiresAcknowledgement: boolean("requires_acknowledgement").notNull().default(false),
    currentVersion: integer("current_version").notNull().default(1),
    /** Title, description, category and tags, and the current version's extracted text, weighted; kept by the service. */
    searchDocument: tsvector("search_document")
      .notNull()
      .default(sql`''::tsvector`),
    createdByUserId: userRef("created_by_user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index("resource_search_idx").using("gin", table.searchDocument),
    index("resource_category_title_idx").on(table.organizationId, table.category, table.title),
    index("resource_owner_idx")
      .on(table.organizationId, table.ownerMemberId)
      .where(sql`owner_member_id is not null`),
    check("resource_kind_check", sql`kind in ('file', 'link')`),
    check("resource_audience_check", sql`audience <@ array['tutor', 'parent', 'student']::text[]`),
    // A tutor's resource is for the students it is shared with, and asks nobody to acknowledge it.
    check("resource_owner_check", sql`owner_member_id is null or (cardinality(audience) = 0 and not requires_acknowledgement)`),
    workspaceIsolation("resource"),
  ],
).enableRLS();

export const resourceVersion = pgTable(
  "resource_version",
  {
    organizationId: organizationIdColumn(),
    resourceId: uuid("resource_id").notNull(),
    version: integer("version").notNull(),
    url: text("url"),
    storageKey: text("storage_key"),
    fileName: text("file_name"),
    contentType: text("content_type"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    /** What changed, in the uploader's words. */
    note: text("note").notNull().default(""),
    /** The text of a PDF or text file, for search: 'pending' until the extraction job has run. */
    textState: text("text_state", { enum: ["pending", "extracted", "none", "failed"] })
      .notNull()
      .default("none"),
    extractedText: text("extracted_text"),
    createdByUserId: userRef("created_by_user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.resourceId, table.version] }),
    foreignKey({ columns: [table.organizationId, table.resourceId], foreignColumns: [resource.organizationId, resource.id] }).onDelete("cascade"),
    check("resource_version_shape_check", sql`(url is null) <> (storage_key is null)`),
    check("resource_version_text_state_check", sql`text_state in ('pending', 'extracted', 'none', 'failed')`),
    workspaceIsolation("resource_version"),
  ],
).enableRLS();

export const resourceShare = pgTable(
  "resource_share",
  {
    organizationId: organizationIdColumn(),
    resourceId: uuid("resource_id").notNull(),
    studentId: uuid("student_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.resourceId, table.studentId] }),
    foreignKey({ columns: [table.organizationId, table.resourceId], foreignColumns: [resource.organizationId, resource.id] }).onDelete("cascade"),
    foreignKey({ columns: [table.organizationId, table.studentId], foreignColumns: [student.organizationId, student.id] }).onDelete("cascade"),
    index("resource_share_student_idx").on(table.organizationId, table.studentId),
    workspaceIsolation("resource_share"),
  ],
).enableRLS();

export const resourceAcknowledgement = pgTable(
  "resource_acknowledgement",
  {
    organizationId: organizationIdColumn(),
    resourceId: uuid("resource_id").notNull(),
    version: integer("version").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The name they acknowledged under, as it was then. */
    name: text("name").notNull(),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.resourceId, table.version, table.userId] }),
    foreignKey({
      columns: [table.organizationId, table.resourceId, table.version],
      foreignColumns: [resourceVersion.organizationId, resourceVersion.resourceId, resourceVersion.version],
    }).onDelete("cascade"),
    index("resource_acknowledgement_user_idx").on(table.organizationId, table.userId),
    workspaceIsolation("resource_acknowledgement"),
  ],
).enableRLS();

export const workspaceExport = pgTable(
  "workspace_export",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    status: text("status", { enum: ["queued", "running", "ready", "failed"] })
      .notNull()
      .default("queued"),
    requestedByUserId: userRef("requested_by_user_id"),
    storageKey: text("storage_key"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** Until when the archive may be downloaded (a day after it is ready). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** When the clean-up deleted the archive from the exports store, its download having expired. */
    archiveDeletedAt: timestamp("archive_deleted_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index("workspace_export_created_idx").on(table.organizationId, table.createdAt),
    check("workspace_export_status_check", sql`status in ('queued', 'running', 'ready', 'failed')`),
    check("workspace_export_ready_check", sql`status <> 'ready' or (storage_key is not null and expires_at is not null)`),
    workspaceIsolation("workspace_export"),
  ],
).enableRLS();
