/**
 * A session's recordings in each area (the session's own path, so the same visibility rules):
 * every area lists and plays them; admins and tutors add links, upload files and delete.
 * The upload is the raw request body (the file, with its media type as Content-Type and its
 * size as Content-Length), streamed to storage: it is exempt from the API's 1 MB body limit
 * (it declares a streamed body) and has its own (RECORDING_MAX_BYTES).
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { actorOf } from "../../core/audit.ts";
import type { Area } from "../../../shared/roles.ts";
import { SESSION_PERMISSIONS } from "../sessions/index.ts";
import {
  recordingLinkCreateSchema,
  recordingListSchema,
  recordingSchema,
  recordingUploadQuerySchema,
  RECORDING_MEDIA_TYPES,
} from "../../../shared/schemas/recordings.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";

import { addLink, deleteRecording, listRecordings, openRecordingFile, openRecordingLink, UnsatisfiableRange, uploadRecording } from "./service.ts";

const sessionParams = z.object({ sessionId: z.string().min(1).max(100) });
const recordingParams = sessionParams.extend({ recordingId: z.string().min(1).max(100) });
const notFoundResponse = { 404: { description: "No such session among the viewer's own, or no such recording of it." } };
const binary = z.string().openapi({ format: "binary" });
const mediaContent = Object.fromEntries(Object.keys(RECORDING_MEDIA_TYPES).map((type) => [type, { schema: binary }]));

function readRoutes(deps: AppDeps, area: Area) {
  const access = needs(SESSION_PERMISSIONS[area].read);
  const list = defineOperation(access, {
    method: "get",
    path: `/${area}/sessions/{sessionId}/recordings`,
    tags: ["Recordings"],
    summary: "A session's recordings (files and links), oldest first, with the upload limit and the workspace's retention",
    request: { params: sessionParams },
    responses: { 200: { description: "The recordings.", content: jsonContent(recordingListSchema) }, ...notFoundResponse, ...errorResponses },
  });
  const file = defineOperation(access, {
    method: "get",
    path: `/${area}/sessions/{sessionId}/recordings/{recordingId}/file`,
    tags: ["Recordings"],
    summary:
      "Play or download a recorded file; a Range header (one byte range) answers 206 with that part. Audited once per play (a request including the first byte)",
    request: { params: recordingParams },
    responses: {
      200: { description: "The whole file (Accept-Ranges: bytes).", content: mediaContent },
      206: { description: "The requested range (Content-Range).", content: mediaContent },
      416: { description: "The range starts past the end of the file." },
      ...notFoundResponse,
      ...errorResponses,
    },
  });
  const open = defineOperation(access, {
    method: "get",
    path: `/${area}/sessions/{sessionId}/recordings/{recordingId}/open`,
    tags: ["Recordings"],
    summary: "Open a recording link: the opening is audited, then the answer sends the browser to the link's address",
    request: { params: recordingParams },
    responses: { 302: { description: "To the link's address (Location)." }, ...notFoundResponse, ...errorResponses },
  });
  return new OpenAPIHono<AppEnv>()
    .openapi(list, async (c) => c.json(await listRecordings(deps, actorOf(c), area, c.req.valid("param").sessionId), 200))
    .openapi(open, async (c) => {
      const { sessionId, recordingId } = c.req.valid("param");
      c.header("cache-control", "private, no-store");
      return c.redirect(await openRecordingLink(deps, actorOf(c), area, sessionId, recordingId), 302);
    })
    .openapi(file, async (c) => {
      const { sessionId, recordingId } = c.req.valid("param");
      try {
        const answer = await openRecordingFile(deps, actorOf(c), area, sessionId, recordingId, {
          range: c.req.header("range"),
          headOnly: c.req.method === "HEAD",
        });
        return c.body(answer.object.body, answer.status, answer.headers);
      } catch (error) {
        if (error instanceof UnsatisfiableRange) c.header("content-range", `bytes */${error.size}`);
        throw error;
      }
    });
}

function writeRoutes(deps: AppDeps, area: "admin" | "tutor") {
  const access = needs(SESSION_PERMISSIONS[area].write);
  const link = defineOperation(access, {
    method: "post",
    path: `/${area}/sessions/{sessionId}/recordings/links`,
    tags: ["Recordings"],
    summary: "Add a link to a recording kept elsewhere (http or https; audited)",
    request: { params: sessionParams, body: { required: true, content: jsonContent(recordingLinkCreateSchema) } },
    responses: { 201: { description: "Added.", content: jsonContent(recordingSchema) }, ...notFoundResponse, ...errorResponses },
  });
  const upload = defineOperation(
    access,
    {
      method: "post",
      path: `/${area}/sessions/{sessionId}/recordings/files`,
      tags: ["Recordings"],
      summary: "Upload an audio or video file: the raw body, with its media type as Content-Type and its size as Content-Length (audited)",
      request: { params: sessionParams, query: recordingUploadQuerySchema, body: { required: true, content: mediaContent } },
      responses: {
        201: { description: "Stored.", content: jsonContent(recordingSchema) },
        400: { description: "The file is empty, or the upload delivered fewer or more bytes than it stated; nothing is stored." },
        411: { description: "No Content-Length." },
        413: { description: "Larger than the limit (the message names it); nothing is stored." },
        415: { description: "Not an allowed audio or video type, or the file's content is not of the type it claims; nothing is stored." },
        ...notFoundResponse,
        ...errorResponses,
      },
    },
    { streamedBody: true },
  );
  const remove = defineOperation(access, {
    method: "delete",
    path: `/${area}/sessions/{sessionId}/recordings/{recordingId}`,
    tags: ["Recordings"],
    summary: "Delete a recording, and its stored file (audited)",
    request: { params: recordingParams },
    responses: { 200: { description: "Deleted.", content: jsonContent(z.object({ deleted: z.literal(true) })) }, ...notFoundResponse, ...errorResponses },
  });
  return new OpenAPIHono<AppEnv>()
    .openapi(link, async (c) => c.json(await addLink(deps, actorOf(c), area, c.req.valid("param").sessionId, c.req.valid("json")), 201))
    .openapi(upload, async (c) => {
      const recording = await uploadRecording(deps, actorOf(c), area, c.req.valid("param").sessionId, c.req.valid("query"), {
        contentType: c.req.header("content-type"),
        contentLength: c.req.header("content-length"),
        body: c.req.raw.body,
      });
      return c.json(recording, 201);
    })
    .openapi(remove, async (c) => {
      const { sessionId, recordingId } = c.req.valid("param");
      await deleteRecording(deps, actorOf(c), area, sessionId, recordingId);
      return c.json({ deleted: true as const }, 200);
    });
}

export function recordingRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .route("/", readRoutes(deps, "admin"))
    .route("/", writeRoutes(deps, "admin"))
    .route("/", readRoutes(deps, "tutor"))
    .route("/", writeRoutes(deps, "tutor"))
    .route("/", readRoutes(deps, "parent"))
    .route("/", readRoutes(deps, "student"));
}
