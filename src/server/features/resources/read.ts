/**
 * The library as each area reads it: the list (categories, search, what awaits the viewer's
 * acknowledgement), one resource with its versions, and a version's file or link. Opening a
 * file or a link is audited every time, whether it is previewed or saved.
 */
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Area } from "../../../shared/roles.ts";
import { isResourceFileType, RESOURCE_FILE_TYPES, type ResourceDetail, type ResourceList, type ResourceListQuery } from "../../../shared/schemas/resources.ts";
import { type Actor, actorLabel, writeAudit } from "../../core/audit.ts";
import type { AppDeps, Viewer } from "../../core/context.ts";
import { isRecordId } from "../../core/ids.ts";
import { billingSettings, cancellationPolicyVersion } from "../../db/billing-schema.ts";
import { user } from "../../db/auth-schema.ts";
import { resource, resourceVersion } from "../../db/resources-schema.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { contentDispositionOf } from "../../lib/content-disposition.ts";
import { ObjectNotFound, type StoredObject } from "../../storage/storage.ts";
import { acknowledgementCounts } from "./audience.ts";
import { visibleResources } from "./policy.ts";
import { matchesSearch, searchRank } from "./search.ts";
import { readSummaries, type ResourceRow, shapeVersion, versionColumns, type VersionRow } from "./shape.ts";

export const resourceNotFound = () => notFound("The resource");

/** The resource if the viewer may see it through the area; 404 otherwise (and for an id that is no id). */
export async function findVisibleResource(tx: Transaction, viewer: Viewer, area: Area, resourceId: string, lock = false): Promise<ResourceRow> {
  if (!isRecordId(resourceId)) throw resourceNotFound();
  const query = tx
    .select()
    .from(resource)
    .where(and(visibleResources(viewer, area), eq(resource.id, resourceId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw resourceNotFound();
  return row;
}

export async function listResources(deps: AppDeps, viewer: Viewer, area: Area, query: ResourceListQuery): Promise<ResourceList> {
  const list = await withWorkspace(deps.db, viewer.organizationId!, (tx) => readResourceList(tx, viewer, area, query));
  return { ...list, maxUploadBytes: deps.config.resourceMaxBytes };
}

/** The list inside the workspace's transaction: the page, its total, the categories and, but for admins, what awaits the viewer's acknowledgement. */
export async function readResourceList(tx: Transaction, viewer: Viewer, area: Area, query: ResourceListQuery): Promise<Omit<ResourceList, "maxUploadBytes">> {
  const visible = visibleResources(viewer, area);
  const filtered = and(
    visible,
    query.category ? eq(resource.category, query.category) : undefined,
    query.acknowledgement === "required" ? eq(resource.requiresAcknowledgement, true) : undefined,
    query.q ? matchesSearch(query.q) : undefined,
  )!;
  const order = query.q ? [desc(searchRank(query.q)), asc(resource.title), asc(resource.id)] : [asc(resource.category), asc(resource.title), asc(resource.id)];
  // One after another: a transaction's connection runs one query at a time.
  const items = await readSummaries(tx, viewer, area, {
    where: filtered,
    orderBy: order,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
    search: query.q,
  });
  const [total] = await tx.select({ total: count() }).from(resource).where(filtered);
  const categories = await tx
    .select({ name: resource.category, count: count() })
    .from(resource)
    .where(visible)
    .groupBy(resource.category)
    .orderBy(asc(resource.category));
  const awaiting =
    area === "admin"
      ? []
      : await readSummaries(tx, viewer, area, {
          where: and(
            visible,
            eq(resource.requiresAcknowledgement, true),
            sql`${resource.ownerMemberId} is null and ${area} = any(${resource.audience})`,
            sql`not exists (select 1 from resource_acknowledgement a where a.organization_id = ${resource.organizationId} and a.resource_id = ${resource.id} and a.version = ${resource.currentVersion} and a.user_id = ${viewer.user.id})`,
          )!,
          orderBy: [asc(resource.title), asc(resource.id)],
          limit: 50,
        });
  return { items, total: total?.total ?? 0, page: query.page, pageSize: query.pageSize, categories, awaiting };
}

export async function readResource(deps: AppDeps, viewer: Viewer, area: Area, resourceId: string): Promise<ResourceDetail> {
  const organizationId = viewer.organizationId!;
  return withWorkspace(deps.db, organizationId, async (tx) => {
    const row = await findVisibleResource(tx, viewer, area, resourceId);
    const [summary] = await readSummaries(tx, viewer, area, { where: and(eq(resource.organizationId, organizationId), eq(resource.id, row.id))!, orderBy: [] });
    const versions = await tx
      .select({ version: versionColumns, createdBy: user.name })
      .from(resourceVersion)
      .leftJoin(user, eq(user.id, resourceVersion.createdByUserId))
      .where(and(eq(resourceVersion.organizationId, organizationId), eq(resourceVersion.resourceId, row.id)))
      .orderBy(desc(resourceVersion.version));
    const managing = summary!.canManage;
    return {
      ...summary!,
      versions: versions.map((entry) => shapeVersion(area, row.id, entry.version, entry.createdBy)),
      acknowledgements: managing && row.requiresAcknowledgement ? await acknowledgementCounts(tx, row) : null,
      citedByBilling: await citedByBilling(tx, organizationId, row.id),
    };
  });
}

/** Whether billing names the resource as its cancellation policy document, or a policy version cites one of its versions. */
export async function citedByBilling(tx: Transaction, organizationId: string, resourceId: string): Promise<boolean> {
  const { rows } = await tx.execute<{ cited: boolean }>(
    sql`select exists (select 1 from ${billingSettings} where ${billingSettings.organizationId} = ${organizationId} and ${billingSettings.cancellationPolicyResourceId} = ${resourceId})
        or exists (select 1 from ${cancellationPolicyVersion} where ${cancellationPolicyVersion.organizationId} = ${organizationId} and ${cancellationPolicyVersion.documentResourceId} = ${resourceId}) as cited`,
  );
  return rows[0]?.cited ?? false;
}

async function findVersion(tx: Transaction, viewer: Viewer, area: Area, resourceId: string, version: number) {
  const row = await findVisibleResource(tx, viewer, area, resourceId);
  const [found] = await tx
    .select()
    .from(resourceVersion)
    .where(and(eq(resourceVersion.organizationId, row.organizationId), eq(resourceVersion.resourceId, row.id), eq(resourceVersion.version, version)));
  if (!found) throw notFound("That version of the resource");
  return { row, version: found };
}

async function auditOpening(tx: Transaction, actor: Actor, area: Area, row: ResourceRow, version: VersionRow, how: "previewed" | "downloaded" | "opened") {
  await writeAudit(tx, {
    organizationId: row.organizationId,
    userId: actor.viewer.user.id,
    actorRole: actor.viewer.role,
    action: "RESOURCE_DOWNLOADED",
    description: `${actorLabel(actor, area)} ${how} version ${version.version} of the resource "${row.title}"`,
    ipAddress: actor.ipAddress,
    metadata: { resourceId: row.id, version: version.version, how },
  });
}

export interface ResourceFile {
  object: StoredObject;
  headers: Record<string, string>;
}

/**
 * A version's file, inline (previewed in a frame of the app's page) or as an attachment
 * (saved). Served with nosniff and a policy of its own that allows nothing to load or run: an
 * image or text is sandboxed too (a PDF cannot be, or Chromium refuses to show it; its viewer
 * runs no script of the file in the app's origin). So a file never runs as a page of the app.
 */
export async function openResourceFile(
  deps: AppDeps,
  actor: Actor,
  area: Area,
  resourceId: string,
  versionNumber: number,
  options: { download: boolean; headOnly: boolean },
): Promise<ResourceFile> {
  const { row, version } = await withWorkspace(deps.db, actor.viewer.organizationId, async (tx) => {
    const found = await findVersion(tx, actor.viewer, area, resourceId, versionNumber);
    if (!found.version.storageKey) throw new AppError("NOT_FOUND", 404, "This version is a link, not a file: open its link.");
    if (!options.headOnly) await auditOpening(tx, actor, area, found.row, found.version, options.download ? "downloaded" : "previewed");
    return found;
  });
  let object: StoredObject;
  try {
    object = await deps.resources.get(version.storageKey!);
  } catch (error) {
    if (error instanceof ObjectNotFound) {
      deps.logger.error({ key: version.storageKey, resourceId: row.id }, "resource file missing from storage");
      throw new AppError("NOT_FOUND", 404, "The resource's file is missing from storage; ask an admin.");
    }
    throw error;
  }
  const type = version.contentType && isResourceFileType(version.contentType) ? version.contentType : null;
  const fileName = version.fileName ?? row.title;
  const dot = fileName.lastIndexOf(".");
  const extension = type
    ? ((RESOURCE_FILE_TYPES[type].extensions as readonly string[]).find((e) => fileName.toLowerCase().endsWith(`.${e}`)) ??
      RESOURCE_FILE_TYPES[type].extensions[0])
    : "bin";
  const preview = type ? RESOURCE_FILE_TYPES[type].preview : null;
  return {
    object,
    headers: {
      "content-type": type ?? "application/octet-stream",
      "content-length": String(object.length),
      "content-disposition": contentDispositionOf(
        options.download || !preview ? "attachment" : "inline",
        dot > 0 ? fileName.slice(0, dot) : fileName,
        extension,
        "resource",
      ),
      "content-security-policy": `${type === "application/pdf" ? "" : "sandbox; "}default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  };
}

/** A link version's address, the opening audited like a file's. */
export async function openResourceLink(deps: AppDeps, actor: Actor, area: Area, resourceId: string, versionNumber: number): Promise<string> {
  return withWorkspace(deps.db, actor.viewer.organizationId, async (tx) => {
    const { row, version } = await findVersion(tx, actor.viewer, area, resourceId, versionNumber);
    if (!version.url) throw new AppError("NOT_FOUND", 404, "This version is a file, not a link: download it.");
    await auditOpening(tx, actor, area, row, version, "opened");
    return version.url;
  });
}
