/**
 * The CRM's trial lessons and conversion in the admin area (every lead) and the tutor's (the
 * leads they own; feedback on the trials they teach): booking a trial, a lead's trials, the
 * tutor's feedback, converting a won lead in one step, and the lead's timeline as a student's
 * record shows it (to those who see the student).
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  leadConversionSchema,
  leadConvertSchema,
  studentLeadTimelineSchema,
  trialBookSchema,
  trialFeedbackCreateSchema,
  trialListSchema,
  trialSchema,
} from "../../../shared/schemas/crm-trials.ts";
import type { Permission } from "../../../shared/permissions.ts";
import { actorOf } from "../../core/audit.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { convertLead, studentLeadTimeline } from "./conversion.ts";
import type { CrmArea } from "./policy.ts";
import { bookTrial, fileTrialFeedback, listTrials, listTrialsAwaitingFeedback } from "./trials.ts";

const TAG = ["CRM"];
const leadParams = z.object({ leadId: z.string().min(1).max(100) });
const trialParams = z.object({ trialId: z.string().min(1).max(100) });
const studentParams = z.object({ studentId: z.string().min(1).max(100) });
const leadNotFound = { 404: { description: "No such lead among the viewer's own." } };

const PERMISSIONS: Record<CrmArea, { read: Permission; write: Permission }> = {
  admin: { read: "admin:crm:read", write: "admin:crm:write" },
  tutor: { read: "tutor:jobs:read", write: "tutor:jobs:write" },
};

function trialRoutesOf(deps: AppDeps, area: CrmArea) {
  const { read, write } = PERMISSIONS[area];
  const base = `/${area}/crm`;
  const book = defineOperation(needs(write), {
    method: "post",
    path: `${base}/leads/{leadId}/trials`,
    tags: TAG,
    summary: `Book a trial lesson for a lead on ${area === "admin" ? "a tutor's" : "the tutor's own"} calendar (checked as any session), on its timeline; the lead moves on to Trial booked`,
    request: { params: leadParams, body: { required: true, content: jsonContent(trialBookSchema) } },
    responses: {
      201: { description: "Booked (audited).", content: jsonContent(trialSchema) },
      ...leadNotFound,
      409: { description: "The tutor is already booked then (the message names the clashing session), or the lead has converted." },
      ...errorResponses,
    },
  });
  const list = defineOperation(needs(read), {
    method: "get",
    path: `${base}/leads/{leadId}/trials`,
    tags: TAG,
    summary: "A lead's trial lessons with their feedback, the latest first",
    request: { params: leadParams },
    responses: { 200: { description: "The trials.", content: jsonContent(trialListSchema) }, ...leadNotFound, ...errorResponses },
  });
  const feedback = defineOperation(needs(write), {
    method: "post",
    path: `${base}/trials/{trialId}/feedback`,
    tags: TAG,
    summary: `File a trial's feedback (${area === "admin" ? "any trial" : "a trial the tutor taught"}), once, after it began: on the timeline, with follow-up tasks due one and three days after it for the lead's owner`,
    request: { params: trialParams, body: { required: true, content: jsonContent(trialFeedbackCreateSchema) } },
    responses: {
      200: { description: "Filed (audited).", content: jsonContent(trialSchema) },
      404: { description: "No such trial among the viewer's own." },
      409: { description: "The feedback was filed already, or the trial was cancelled or has not begun." },
      ...errorResponses,
    },
  });
  const convert = defineOperation(
    needs(write),
    {
      method: "post",
      path: `${base}/leads/{leadId}/convert`,
      tags: TAG,
      summary:
        "Convert a lead in one step: the family's account, the students, the tutor's assignment and the guardians' invitations; won and audited. Again: the same answer, nothing made twice",
      request: { params: leadParams, body: { required: true, content: jsonContent(leadConvertSchema) } },
      responses: { 200: { description: "What the conversion made.", content: jsonContent(leadConversionSchema) }, ...leadNotFound, ...errorResponses },
    },
    // Gathering the students into one family merges accounts, which takes the workspace's money lock.
    { writesMoney: true },
  );
  const awaiting = defineOperation(needs(read), {
    method: "get",
    path: `${base}/trials/awaiting-feedback`,
    tags: TAG,
    summary: `Trials that have begun and wait for their feedback, the oldest first: ${area === "admin" ? "every one of the workspace" : "those the tutor teaches, whoever owns the lead"}`,
    responses: { 200: { description: "The trials.", content: jsonContent(trialListSchema) }, ...errorResponses },
  });
  const timeline = defineOperation(needs(read), {
    method: "get",
    path: `${base}/students/{studentId}/lead-timeline`,
    tags: TAG,
    summary: "A student's history from before enrolment: the lead they were converted from and its timeline (none if they were not)",
    request: { params: studentParams },
    responses: {
      200: { description: "The lead and its timeline.", content: jsonContent(studentLeadTimelineSchema) },
      404: { description: "No such student among the viewer's." },
      ...errorResponses,
    },
  });
  return new OpenAPIHono<AppEnv>()
    .openapi(book, async (c) => c.json(await bookTrial(deps, actorOf(c), area, c.req.valid("param").leadId, c.req.valid("json")), 201))
    .openapi(awaiting, async (c) => c.json(await listTrialsAwaitingFeedback(deps.db, actorOf(c), area, deps.clock.now()), 200))
    .openapi(list, async (c) => c.json(await listTrials(deps.db, actorOf(c), area, c.req.valid("param").leadId), 200))
    .openapi(feedback, async (c) => c.json(await fileTrialFeedback(deps, actorOf(c), area, c.req.valid("param").trialId, c.req.valid("json")), 200))
    .openapi(convert, async (c) => c.json(await convertLead(deps, actorOf(c), area, c.req.valid("param").leadId, c.req.valid("json")), 200))
    .openapi(timeline, async (c) => c.json(await studentLeadTimeline(deps.db, actorOf(c), area, c.req.valid("param").studentId, deps.clock.now()), 200));
}

export function trialRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>().route("/", trialRoutesOf(deps, "admin")).route("/", trialRoutesOf(deps, "tutor"));
}
