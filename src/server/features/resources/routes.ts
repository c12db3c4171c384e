/**
 * The library in each area. Every area lists, reads, previews and downloads what it may see
 * (policy.ts); the people a resource asks acknowledge it in their own area; admins and tutors
 * add, version, change and delete what they manage; admins see who acknowledged and remind
 * the others. Uploads are the raw request body (the file, its media type as Content-Type,
 * its size as Content-Length), streamed to storage, exempt from the API's 1 MB body limit
 * and held to RESOURCE_MAX_BYTES.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Area } from "../../../shared/roles.ts";
import type { Permission } from "../../../shared/permissions.ts";
import {
  acknowledgeResultSchema,
  acknowledgeSchema,
  acknowledgementListQuerySchema,
  acknowledgementListSchema,
  reminderResultSchema,
  RESOURCE_FILE_TYPES,
  resourceDetailSchema,
  resourceDetailsSchema,
  resourceLinkCreateSchema,
  resourceLinkVersionSchema,
  resourceListQuerySchema,
  resourceListSchema,
  resourceUploadQuerySchema,
  resourceVersionUploadQuerySchema,
} from "../../../shared/schemas/resources.ts";
import { actorOf } from "../../core/audit.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { notFound } from "../../lib/app-error.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { acknowledge, acknowledgementsOf, remindAwaiting } from "./acknowledgements.ts";
import { listResources, openResourceFile, openResourceLink, readResource } from "./read.ts";
import { addLinkVersion, createLinkResource, deleteResource, updateResource, uploadResource, uploadVersion } from "./write.ts";

const READ: Record<Area, Permission> = {
  admin: "admin:resources:read",
  tutor: "tutor:resources:read",
  parent: "parent:resources:read",
  student: "student:resources:read",
};
const WRITE = { admin: "admin:resources:write", tutor: "tutor:resources:write" } as const satisfies Record<string, Permission>;

const resourceParams = z.object({ resourceId: z.string().min(1).max(100) });
const versionParams = resourceParams.extend({ version: z.string().min(1).max(12) });
const fileQuery = z.object({ download: z.enum(["0", "1"]).optional() });
const notFoundResponse = { 404: { description: "No such resource (or version) among those the viewer may see." } };
const binary = z.string().openapi({ format: "binary" });
const fileContent = Object.fromEntries(Object.keys(RESOURCE_FILE_TYPES).map((type) => [type, { schema: binary }]));
const uploadResponses = {
  400: { description: "The file is empty, or the upload delivered fewer or more bytes than it stated; nothing is stored." },
  411: { description: "No Content-Length." },
  413: { description: "Larger than the limit (the message names it); nothing is stored." },
  415: { description: "Not an accepted type, a name without its type's extension, or content that is not of the type it claims; nothing is stored." },
};

/** A version number in a path: anything else names no version (404). */
function versionOf(raw: string): number {
  if (!/^[1-9]\d{0,5}$/.test(raw)) throw notFound("That version of the resource");
  return Number(raw);
}

function readRoutes(deps: AppDeps, area: Area) {
  const access = needs(READ[area]);
  const list = defineOperation(access, {
    method: "get",
    path: `/${area}/resources`,
    tags: ["Resources"],
    summary: "The library the viewer may see: by category and title, or ranked by a full-text search; its categories; what awaits the viewer's acknowledgement",
    request: { query: resourceListQuerySchema },
    responses: { 200: { description: "A page of resources.", content: jsonContent(resourceListSchema) }, ...errorResponses },
  });
  const one = defineOperation(access, {
    method: "get",
    path: `/${area}/resources/{resourceId}`,
    tags: ["Resources"],
    summary: "A resource with its versions (and, for its managers, how many have acknowledged it)",
    request: { params: resourceParams },
    responses: { 200: { description: "The resource.", content: jsonContent(resourceDetailSchema) }, ...notFoundResponse, ...errorResponses },
  });
  const file = defineOperation(access, {
    method: "get",
    path: `/${area}/resources/{resourceId}/versions/{version}/file`,
    tags: ["Resources"],
    summary: "A version's file: shown in the browser (PDFs and images) or saved with ?download=1; audited every time",
    request: { params: versionParams, query: fileQuery },
    responses: { 200: { description: "The file.", content: fileContent }, ...notFoundResponse, ...errorResponses },
  });
  const open = defineOperation(access, {
    method: "get",
    path: `/${area}/resources/{resourceId}/versions/{version}/open`,
    tags: ["Resources"],
    summary: "Open a link version: audited, then the answer sends the browser to its address",
    request: { params: versionParams },
    responses: { 302: { description: "To the link's address (Location)." }, ...notFoundResponse, ...errorResponses },
  });
  const routes = new OpenAPIHono<AppEnv>()
    .openapi(list, async (c) => c.json(await listResources(deps, c.var.member, area, c.req.valid("query")), 200))
    .openapi(one, async (c) => c.json(await readResource(deps, c.var.member, area, c.req.valid("param").resourceId), 200))
    .openapi(file, async (c) => {
      const { resourceId, version } = c.req.valid("param");
      const answer = await openResourceFile(deps, actorOf(c), area, resourceId, versionOf(version), {
        download: c.req.valid("query").download === "1",
        headOnly: c.req.method === "HEAD",
      });
      return c.body(answer.object.body, 200, answer.headers);
    })
    .openapi(open, async (c) => {
      const { resourceId, version } = c.req.valid("param");
      c.header("cache-control", "private, no-store");
      return c.redirect(await openResourceLink(deps, actorOf(c), area, resourceId, versionOf(version)), 302);
    });
  if (area === "admin") return routes;
  const acknowledgeRoute = defineOperation(access, {
    method: "post",
    path: `/${area}/resources/{resourceId}/acknowledgements`,
    tags: ["Resources"],
    summary: "Acknowledge the current version of a resource that asks the viewer to (by name and date; audited). Again changes nothing",
    request: { params: resourceParams, body: { required: true, content: jsonContent(acknowledgeSchema) } },
    responses: {
      200: { description: "Acknowledged: the version and when.", content: jsonContent(acknowledgeResultSchema) },
      409: { description: "The version is no longer the current one." },
      ...notFoundResponse,
      ...errorResponses,
    },
  });
  return routes.openapi(acknowledgeRoute, async (c) =>
    c.json(await acknowledge(deps, actorOf(c), area, c.req.valid("param").resourceId, c.req.valid("json").version), 200),
  );
}

function writeRoutes(deps: AppDeps, area: "admin" | "tutor") {
  const access = needs(WRITE[area]);
  const who =
    area === "admin"
      ? "for tutors, parents or students (audience), possibly requiring acknowledgement"
      : "shared with chosen students of the tutor's and their guardians";
  const link = defineOperation(access, {
    method: "post",
    path: `/${area}/resources/links`,
    tags: ["Resources"],
    summary: `Add a link ${who} (audited)`,
    request: { body: { required: true, content: jsonContent(resourceLinkCreateSchema) } },
    responses: { 201: { description: "Added.", content: jsonContent(resourceDetailSchema) }, ...errorResponses },
  });
  const upload = defineOperation(
    access,
    {
      method: "post",
      path: `/${area}/resources/files`,
      tags: ["Resources"],
      summary: `Upload a file ${who}: the raw body, its media type as Content-Type, its size as Content-Length, its details in the query (lists comma-separated); audited`,
      request: { query: resourceUploadQuerySchema, body: { required: true, content: fileContent } },
      responses: { 201: { description: "Stored.", content: jsonContent(resourceDetailSchema) }, ...uploadResponses, ...errorResponses },
    },
    { streamedBody: true },
  );
  const fileVersion = defineOperation(
    access,
    {
      method: "post",
      path: `/${area}/resources/{resourceId}/versions/files`,
      tags: ["Resources"],
      summary: "Upload a new version of a file resource (the earlier ones stay; those asked to acknowledge it are asked again); audited",
      request: { params: resourceParams, query: resourceVersionUploadQuerySchema, body: { required: true, content: fileContent } },
      responses: { 201: { description: "Stored.", content: jsonContent(resourceDetailSchema) }, ...uploadResponses, ...notFoundResponse, ...errorResponses },
    },
    { streamedBody: true },
  );
  const linkVersion = defineOperation(access, {
    method: "post",
    path: `/${area}/resources/{resourceId}/versions/links`,
    tags: ["Resources"],
    summary: "A new address for a link resource, as its next version; audited",
    request: { params: resourceParams, body: { required: true, content: jsonContent(resourceLinkVersionSchema) } },
    responses: { 201: { description: "Added.", content: jsonContent(resourceDetailSchema) }, ...notFoundResponse, ...errorResponses },
  });
  const update = defineOperation(access, {
    method: "put",
    path: `/${area}/resources/{resourceId}`,
    tags: ["Resources"],
    summary: "Change what describes a resource (title, description, category, tags, who it is for); audited",
    request: { params: resourceParams, body: { required: true, content: jsonContent(resourceDetailsSchema) } },
    responses: { 200: { description: "Changed.", content: jsonContent(resourceDetailSchema) }, ...notFoundResponse, ...errorResponses },
  });
  const remove = defineOperation(access, {
    method: "delete",
    path: `/${area}/resources/{resourceId}`,
    tags: ["Resources"],
    summary: "Delete a resource with its versions' files and acknowledgements (not while billing's cancellation policy cites it); audited",
    request: { params: resourceParams },
    responses: {
      200: { description: "Deleted.", content: jsonContent(z.object({ deleted: z.literal(true) })) },
      409: { description: "Billing's cancellation policy cites it." },
      ...notFoundResponse,
      ...errorResponses,
    },
  });
  const uploadRequest = (c: { req: { header: (name: string) => string | undefined; raw: Request } }) => ({
    contentType: c.req.header("content-type"),
    contentLength: c.req.header("content-length"),
    body: c.req.raw.body,
  });
  return new OpenAPIHono<AppEnv>()
    .openapi(link, async (c) => c.json(await createLinkResource(deps, actorOf(c), area, c.req.valid("json")), 201))
    .openapi(upload, async (c) => c.json(await uploadResource(deps, actorOf(c), area, c.req.valid("query"), uploadRequest(c)), 201))
    .openapi(fileVersion, async (c) =>
      c.json(await uploadVersion(deps, actorOf(c), area, c.req.valid("param").resourceId, c.req.valid("query"), uploadRequest(c)), 201),
    )
    .openapi(linkVersion, async (c) => c.json(await addLinkVersion(deps, actorOf(c), area, c.req.valid("param").resourceId, c.req.valid("json")), 201))
    .openapi(update, async (c) => c.json(await updateResource(deps, actorOf(c), area, c.req.valid("param").resourceId, c.req.valid("json")), 200))
    .openapi(remove, async (c) => {
      await deleteResource(deps, actorOf(c), area, c.req.valid("param").resourceId);
      return c.json({ deleted: true as const }, 200);
    });
}

function acknowledgementRoutes(deps: AppDeps) {
  const list = defineOperation(needs("admin:resources:read"), {
    method: "get",
    path: "/admin/resources/{resourceId}/acknowledgements",
    tags: ["Resources"],
    summary: "Who a resource asks to acknowledge it, and whether each has acknowledged the current version (filter: all, acknowledged, awaiting)",
    request: { params: resourceParams, query: acknowledgementListQuerySchema },
    responses: { 200: { description: "A page of people.", content: jsonContent(acknowledgementListSchema) }, ...notFoundResponse, ...errorResponses },
  });
  const remind = defineOperation(needs("admin:resources:write"), {
    method: "post",
    path: "/admin/resources/{resourceId}/reminders",
    tags: ["Resources"],
    summary: "Mail everyone still awaiting the resource one reminder listing every document awaiting them (sent by a job; audited)",
    request: { params: resourceParams },
    responses: {
      202: { description: "Queued: how many people it reaches.", content: jsonContent(reminderResultSchema) },
      409: { description: "Nobody awaits it." },
      ...notFoundResponse,
      ...errorResponses,
    },
  });
  return new OpenAPIHono<AppEnv>()
    .openapi(list, async (c) => c.json(await acknowledgementsOf(deps, actorOf(c), c.req.valid("param").resourceId, c.req.valid("query")), 200))
    .openapi(remind, async (c) => c.json(await remindAwaiting(deps, actorOf(c), c.req.valid("param").resourceId), 202));
}

export function resourceRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .route("/", acknowledgementRoutes(deps))
    .route("/", writeRoutes(deps, "admin"))
    .route("/", readRoutes(deps, "admin"))
    .route("/", writeRoutes(deps, "tutor"))
    .route("/", readRoutes(deps, "tutor"))
    .route("/", readRoutes(deps, "parent"))
    .route("/", readRoutes(deps, "student"));
}
