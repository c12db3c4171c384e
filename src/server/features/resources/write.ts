/**
 * Managing the library: adding a link or a file, a new version of either (the history stays),
 * changing what describes a resource, deleting it. Admins manage the workspace's resources
 * (for roles, possibly requiring acknowledgement) and may remove a tutor's; a tutor manages
 * their own, shared with students of theirs and those students' guardians. Every change is
 * audited.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Area } from "../../../shared/roles.ts";
import type {
  ResourceDetail,
  ResourceDetails,
  ResourceLinkCreate,
  ResourceLinkVersion,
  ResourceUploadQuery,
  ResourceVersionUploadQuery,
} from "../../../shared/schemas/resources.ts";
import type { AuditAction } from "../../../shared/schemas/audit.ts";
import { type Actor, writeAudit } from "../../core/audit.ts";
import { recordPolicyVersion } from "../../core/cancellation-policy.ts";
import type { AppDeps } from "../../core/context.ts";
import { resource, resourceShare, resourceVersion } from "../../db/resources-schema.ts";
import { student } from "../../db/schema.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import { AppError, invalidField, notFound } from "../../lib/app-error.ts";
import { visibleStudents } from "../students/index.ts";
import { canManage, isManagingArea } from "./policy.ts";
import { citedByBilling, findVisibleResource, readResource } from "./read.ts";
import { refreshSearchDocument } from "./search.ts";
import type { ResourceRow } from "./shape.ts";
import { resourceTextQueue } from "./text-extraction.ts";
import { discardUpload, hasSearchableText, storeUpload, type StoredUpload, type UploadRequest } from "./upload.ts";
import { billingSettings } from "../../db/billing-schema.ts";

type ManagingArea = "admin" | "tutor";

function managingArea(area: Area): ManagingArea {
  if (!isManagingArea(area)) throw notFound("The resource");
  return area;
}

/** The details as the area may give them: an admin's are for roles, a tutor's for their own students. */
async function checkDetails(tx: Transaction, actor: Actor, area: ManagingArea, details: ResourceDetails, now: Date): Promise<void> {
  if (area === "admin") {
    if (details.audience.length === 0) throw invalidField("audience", "Choose who the resource is for: tutors, parents or students.");
    if (details.studentIds.length > 0)
      throw invalidField("studentIds", "A workspace resource is for tutors, parents or students as a whole, not chosen students.");
    return;
  }
  if (details.audience.length > 0) throw invalidField("audience", "Tutors share resources with chosen students of theirs, not with a whole role.");
  if (details.requiresAcknowledgement) throw invalidField("requiresAcknowledgement", "Only admins can ask people to acknowledge a resource.");
  if (details.studentIds.length === 0) throw invalidField("studentIds", "Choose the students to share it with.");
  const found = await tx
    .select({ id: student.id })
    .from(student)
    .where(and(visibleStudents(actor.viewer, "tutor", now), inArray(student.id, details.studentIds)));
  if (found.length !== details.studentIds.length) throw invalidField("studentIds", "You can share resources only with students assigned to you.");
}

async function audit(tx: Transaction, actor: Actor, action: AuditAction, row: ResourceRow, description: string, metadata: Record<string, unknown> = {}) {
  await writeAudit(tx, {
    organizationId: row.organizationId,
    userId: actor.viewer.user.id,
    actorRole: actor.viewer.role,
    action,
    description: `${actor.viewer.user.name} ${description}`,
    ipAddress: actor.ipAddress,
    metadata: { resourceId: row.id, ...metadata },
  });
}

async function replaceShares(tx: Transaction, row: ResourceRow, studentIds: string[]) {
  await tx.delete(resourceShare).where(and(eq(resourceShare.organizationId, row.organizationId), eq(resourceShare.resourceId, row.id)));
  if (studentIds.length > 0)
    await tx.insert(resourceShare).values(studentIds.map((studentId) => ({ organizationId: row.organizationId, resourceId: row.id, studentId })));
}

/** A new version's row; its text queued for reading when it has any; the search document refreshed. */
async function addVersion(
  deps: AppDeps,
  tx: Transaction,
  actor: Actor,
  row: ResourceRow,
  version: number,
  content: { url: string } | StoredUpload,
  note: string | null,
) {
  const upload = "storageKey" in content ? content : null;
  const searchable = upload !== null && hasSearchableText(upload.contentType);
  await tx.insert(resourceVersion).values({
    organizationId: row.organizationId,
    resourceId: row.id,
    version,
    url: upload ? null : (content as { url: string }).url,
    storageKey: upload?.storageKey ?? null,
    fileName: upload?.fileName ?? null,
    contentType: upload?.contentType ?? null,
    sizeBytes: upload?.sizeBytes ?? null,
    note: note ?? "",
    textState: searchable ? "pending" : "none",
    createdByUserId: actor.viewer.user.id,
    createdAt: deps.clock.now(),
  });
  await refreshSearchDocument(tx, row.organizationId, row.id);
  if (searchable) await deps.jobs.send(tx, resourceTextQueue, { organizationId: row.organizationId, resourceId: row.id, version });
}

async function insertResource(
  deps: AppDeps,
  actor: Actor,
  area: ManagingArea,
  id: string,
  details: ResourceDetails,
  content: { url: string } | StoredUpload,
): Promise<string> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(deps.db, organizationId, async (tx) => {
    const now = deps.clock.now();
    await checkDetails(tx, actor, area, details, now);
    const [row] = await tx
      .insert(resource)
      .values({
        organizationId,
        id,
        kind: "storageKey" in content ? "file" : "link",
        title: details.title,
        description: details.description,
        category: details.category,
        tags: details.tags,
        audience: area === "admin" ? details.audience : [],
        ownerMemberId: area === "tutor" ? actor.viewer.membership.id : null,
        requiresAcknowledgement: area === "admin" && details.requiresAcknowledgement,
        currentVersion: 1,
        createdByUserId: actor.viewer.user.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await addVersion(deps, tx, actor, row!, 1, content, null);
    await replaceShares(tx, row!, area === "tutor" ? details.studentIds : []);
    const shared = area === "tutor" ? ` shared with ${details.studentIds.length} ${details.studentIds.length === 1 ? "student" : "students"}` : "";
    await audit(tx, actor, "RESOURCE_ADDED", row!, `added the ${row!.kind} "${row!.title}" to the library${shared}`, { kind: row!.kind });
    return row!.id;
  });
}

export async function createLinkResource(deps: AppDeps, actor: Actor, area: Area, input: ResourceLinkCreate): Promise<ResourceDetail> {
  const id = await insertResource(deps, actor, managingArea(area), randomUUID(), input, { url: input.url });
  return readResource(deps, actor.viewer, area, id);
}

export async function uploadResource(deps: AppDeps, actor: Actor, area: Area, query: ResourceUploadQuery, request: UploadRequest): Promise<ResourceDetail> {
  const managing = managingArea(area);
  // The details are checked before the upload, without holding a connection for its duration.
  await withWorkspace(deps.db, actor.viewer.organizationId, (tx) => checkDetails(tx, actor, managing, query, deps.clock.now()));
  const id = randomUUID();
  const upload = await storeUpload(deps, actor.viewer.organizationId, id, query.fileName, request);
  try {
    await insertResource(deps, actor, managing, id, query, upload);
  } catch (error) {
    await discardUpload(deps, upload.storageKey);
    throw error;
  }
  return readResource(deps, actor.viewer, area, id);
}

/** The resource for a change, locked, if the viewer manages it; 404 if they do not see it, 403 if they see but do not manage it. */
async function findManaged(tx: Transaction, actor: Actor, area: Area, resourceId: string): Promise<ResourceRow> {
  const row = await findVisibleResource(tx, actor.viewer, managingArea(area), resourceId, true);
  if (!canManage(actor.viewer, area, row))
    throw new AppError("FORBIDDEN", 403, "Only admins can change the workspace's resources; you can change the ones you share.");
  return row;
}

/** A new version: the resource's current one from now on; the policy it states, if billing cites it, gets a new version too. */
async function appendVersion(deps: AppDeps, actor: Actor, area: Area, resourceId: string, content: { url: string } | StoredUpload, note: string | null) {
  await withWorkspace(deps.db, actor.viewer.organizationId, async (tx) => {
    const row = await findManaged(tx, actor, area, resourceId);
    const kind = "storageKey" in content ? "file" : "link";
    if (row.kind !== kind)
      throw new AppError(
        "VALIDATION_FAILED",
        422,
        row.kind === "file" ? "This resource is a file: upload a new file." : "This resource is a link: give a new address.",
      );
    const version = row.currentVersion + 1;
    const now = deps.clock.now();
    await tx
      .update(resource)
      .set({ currentVersion: version, updatedAt: now })
      .where(and(eq(resource.organizationId, row.organizationId), eq(resource.id, row.id)));
    await addVersion(deps, tx, actor, { ...row, currentVersion: version }, version, content, note);
    const [settings] = await tx
      .select({ documentId: billingSettings.cancellationPolicyResourceId })
      .from(billingSettings)
      .where(eq(billingSettings.organizationId, row.organizationId));
    if (settings?.documentId === row.id) await recordPolicyVersion(tx, row.organizationId, actor.viewer.user.id, now);
    const asked = row.requiresAcknowledgement ? "; everyone it is for is asked to acknowledge it again" : "";
    await audit(tx, actor, "RESOURCE_VERSION_ADDED", row, `added version ${version} of "${row.title}"${asked}`, { version });
  });
}

export async function uploadVersion(deps: AppDeps, actor: Actor, area: Area, resourceId: string, query: ResourceVersionUploadQuery, request: UploadRequest) {
  const row = await withWorkspace(deps.db, actor.viewer.organizationId, (tx) => findManaged(tx, actor, area, resourceId));
  if (row.kind !== "file") throw new AppError("VALIDATION_FAILED", 422, "This resource is a link: give a new address.");
  const upload = await storeUpload(deps, actor.viewer.organizationId, row.id, query.fileName, request);
  try {
    await appendVersion(deps, actor, area, row.id, upload, query.note);
  } catch (error) {
    await discardUpload(deps, upload.storageKey);
    throw error;
  }
  return readResource(deps, actor.viewer, area, row.id);
}

export async function addLinkVersion(deps: AppDeps, actor: Actor, area: Area, resourceId: string, input: ResourceLinkVersion) {
  await appendVersion(deps, actor, area, resourceId, { url: input.url }, input.note);
  return readResource(deps, actor.viewer, area, resourceId);
}

export async function updateResource(deps: AppDeps, actor: Actor, area: Area, resourceId: string, details: ResourceDetails): Promise<ResourceDetail> {
  await withWorkspace(deps.db, actor.viewer.organizationId, async (tx) => {
    const row = await findManaged(tx, actor, area, resourceId);
    // An admin editing a tutor's resource keeps it the tutor's: its students stay as they are.
    const ownerArea: ManagingArea = row.ownerMemberId ? "tutor" : "admin";
    if (ownerArea === "admin" || area === "tutor") await checkDetails(tx, actor, ownerArea, details, deps.clock.now());
    if (ownerArea === "admin" && !details.requiresAcknowledgement && (await citedByBilling(tx, row.organizationId, row.id)))
      throw invalidField("requiresAcknowledgement", "Billing's cancellation policy cites this document: families must keep acknowledging it.");
    await tx
      .update(resource)
      .set({
        title: details.title,
        description: details.description,
        category: details.category,
        tags: details.tags,
        audience: ownerArea === "admin" ? details.audience : [],
        requiresAcknowledgement: ownerArea === "admin" && details.requiresAcknowledgement,
        updatedAt: deps.clock.now(),
      })
      .where(and(eq(resource.organizationId, row.organizationId), eq(resource.id, row.id)));
    if (area === "tutor") await replaceShares(tx, row, details.studentIds);
    await refreshSearchDocument(tx, row.organizationId, row.id);
    await audit(tx, actor, "RESOURCE_UPDATED", row, `changed the details of "${details.title}"`);
  });
  return readResource(deps, actor.viewer, area, resourceId);
}

/** Deletes the resource, its versions' files and its acknowledgements; refused while billing cites it. */
export async function deleteResource(deps: AppDeps, actor: Actor, area: Area, resourceId: string): Promise<void> {
  await withWorkspace(deps.db, actor.viewer.organizationId, async (tx) => {
    const row = await findManaged(tx, actor, area, resourceId);
    if (await citedByBilling(tx, row.organizationId, row.id))
      throw new AppError("CONFLICT", 409, "Billing's cancellation policy cites this document, so it is kept: a family may need to see what they acknowledged.");
    const files = await tx
      .select({ key: resourceVersion.storageKey })
      .from(resourceVersion)
      .where(and(eq(resourceVersion.organizationId, row.organizationId), eq(resourceVersion.resourceId, row.id)));
    await tx.delete(resource).where(and(eq(resource.organizationId, row.organizationId), eq(resource.id, row.id)));
    await audit(
      tx,
      actor,
      "RESOURCE_DELETED",
      row,
      `deleted the ${row.kind} "${row.title}" and its ${row.currentVersion === 1 ? "version" : `${row.currentVersion} versions`}`,
    );
    // Inside the transaction: a failure keeps the rows, and a file is never left without them knowing.
    for (const file of files) if (file.key) await deps.resources.delete(file.key);
  });
}
