/** Reading resources as the API shows them: the row, its current version, its owner and the viewer's acknowledgement. */
import { and, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Area } from "../../../shared/roles.ts";
import { isResourceFileType, RESOURCE_FILE_TYPES, type ResourceSummary, type ResourceVersion } from "../../../shared/schemas/resources.ts";
import type { Viewer } from "../../core/context.ts";
import { member, user } from "../../db/auth-schema.ts";
import { resource, resourceShare, resourceVersion } from "../../db/resources-schema.ts";
import { student } from "../../db/schema.ts";
import type { Transaction } from "../../db/tenant.ts";
import { canManage } from "./policy.ts";
import { searchExcerpt } from "./search.ts";

export type ResourceRow = typeof resource.$inferSelect;
export type VersionRow = typeof resourceVersion.$inferSelect;

/**
 * What a list or a resource's page reads of a resource and of a version: every column but the
 * search document and the file's extracted text (up to 200,000 characters each), which only
 * the search and its excerpt read, in SQL. A search would otherwise carry them through its
 * sort of every match (spilling to disk at 4,000 resources) and a page send them to the server.
 */
const { searchDocument: _searchDocument, ...summaryColumns } = getTableColumns(resource);
const { extractedText: _extractedText, ...shownVersionColumns } = getTableColumns(resourceVersion);
export const versionColumns = shownVersionColumns;
export type ShownVersion = Omit<VersionRow, "extractedText">;

const ownerUser = alias(user, "owner_user");
const creator = alias(user, "version_creator");

export function shapeVersion(area: Area, resourceId: string, row: ShownVersion, createdBy: string | null): ResourceVersion {
  const base = `/api/${area}/resources/${resourceId}/versions/${row.version}`;
  return {
    version: row.version,
    url: row.url,
    fileName: row.fileName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    note: row.note,
    textState: row.textState,
    createdBy,
    createdAt: row.createdAt.toISOString(),
    fileUrl: row.storageKey ? `${base}/file` : null,
    openUrl: row.url ? `${base}/open` : null,
  };
}

/** Whether the viewer is someone the resource asks to acknowledge it: a role of its audience, in their own area. */
export const isAskedToAcknowledge = (area: Area, row: Pick<ResourceRow, "requiresAcknowledgement" | "ownerMemberId" | "audience">) =>
  row.requiresAcknowledgement && row.ownerMemberId === null && area !== "admin" && (row.audience as string[]).includes(area);

/** The resources the condition selects, in the order given, shaped for the viewer. */
export async function readSummaries(
  tx: Transaction,
  viewer: Viewer,
  area: Area,
  options: { where: SQL; orderBy: SQL[]; limit?: number; offset?: number; search?: string },
): Promise<ResourceSummary[]> {
  const query = tx
    .select({
      resource: summaryColumns,
      version: versionColumns,
      ownerName: ownerUser.name,
      createdBy: creator.name,
      acknowledged: sql<{
        version: number;
        at: string;
      } | null>`(select json_build_object('version', a.version, 'at', a.acknowledged_at) from resource_acknowledgement a where a.organization_id = ${resource.organizationId} and a.resource_id = ${resource.id} and a.user_id = ${viewer.user.id} order by a.version desc limit 1)`,
      match: options.search ? searchExcerpt(options.search) : sql<string | null>`null`,
    })
    .from(resource)
    .innerJoin(
      resourceVersion,
      and(
        eq(resourceVersion.organizationId, resource.organizationId),
        eq(resourceVersion.resourceId, resource.id),
        eq(resourceVersion.version, resource.currentVersion),
      ),
    )
    .leftJoin(member, and(eq(member.organizationId, resource.organizationId), eq(member.id, resource.ownerMemberId)))
    .leftJoin(ownerUser, eq(ownerUser.id, member.userId))
    .leftJoin(creator, eq(creator.id, resourceVersion.createdByUserId))
    .where(options.where)
    .orderBy(...options.orderBy);
  const rows = options.limit === undefined ? await query : await query.limit(options.limit).offset(options.offset ?? 0);
  const managed = rows.filter((row) => row.resource.ownerMemberId !== null && canManage(viewer, area, row.resource)).map((row) => row.resource.id);
  const shares =
    managed.length === 0
      ? []
      : await tx
          .select({ resourceId: resourceShare.resourceId, id: student.id, name: student.name })
          .from(resourceShare)
          .innerJoin(student, and(eq(student.organizationId, resourceShare.organizationId), eq(student.id, resourceShare.studentId)))
          .where(and(eq(resourceShare.organizationId, viewer.organizationId!), inArray(resourceShare.resourceId, managed)))
          .orderBy(student.name);
  return rows.map((row): ResourceSummary => {
    const acknowledged = row.acknowledged ? { version: row.acknowledged.version, at: new Date(row.acknowledged.at).toISOString() } : null;
    const type = row.version.contentType;
    return {
      id: row.resource.id,
      kind: row.resource.kind,
      title: row.resource.title,
      description: row.resource.description,
      category: row.resource.category,
      tags: row.resource.tags,
      audience: row.resource.audience as ResourceSummary["audience"],
      owner: row.resource.ownerMemberId ? { memberId: row.resource.ownerMemberId, name: row.ownerName ?? "A former tutor" } : null,
      sharedWith: shares.filter((share) => share.resourceId === row.resource.id).map(({ id, name }) => ({ id, name })),
      requiresAcknowledgement: row.resource.requiresAcknowledgement,
      current: shapeVersion(area, row.resource.id, row.version, row.createdBy),
      preview: type && isResourceFileType(type) ? RESOURCE_FILE_TYPES[type].preview : null,
      acknowledged,
      awaitingAcknowledgement: isAskedToAcknowledge(area, row.resource) && (acknowledged?.version ?? 0) < row.resource.currentVersion,
      canManage: canManage(viewer, area, row.resource),
      match: row.match,
      updatedAt: row.resource.updatedAt.toISOString(),
    };
  });
}
