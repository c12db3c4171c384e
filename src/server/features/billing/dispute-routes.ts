/**
 * Disputes: a payer disputes one line of an issued invoice (/parent/billing/…, the accounts
 * they pay for), and the workspace's admins answer (/admin/billing/disputes/…) with an
 * explanation or a credit note. Both write in its thread while it is open. disputes.ts holds
 * the rules.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  disputeCreditSchema,
  disputeExplainSchema,
  disputeListSchema,
  disputeMessageCreateSchema,
  disputeOpenSchema,
  disputeSchema,
} from "../../../shared/schemas/billing-disputes.ts";
import { actorOf } from "../../core/audit.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { creditDispute, type DisputeArea, explainDispute, listDisputes, openDispute, viewDispute, withdrawDispute, writeDisputeMessage } from "./disputes.ts";

/** Any id is accepted: one that names no visible dispute (or line) answers 404. */
const recordId = z.string().min(1).max(100);
const disputeParams = z.object({ disputeId: recordId });
const lineParams = z.object({ invoiceId: recordId, lineId: recordId });
const notFoundResponse = { 404: { description: "No such dispute (or invoice line) among the viewer's own." } };
const notOpenResponse = { 409: { description: "The dispute is no longer open." } };
const body = <S extends z.ZodType>(schema: S) => ({ body: { required: true, content: jsonContent(schema) } });
const answer = (description: string) => ({ description, content: jsonContent(disputeSchema) });

function readRoutes(deps: AppDeps, area: DisputeArea) {
  const permission = area === "admin" ? "admin:billing:read" : "parent:billing:read";
  const list = defineOperation(needs(permission), {
    method: "get",
    path: `/${area}/billing/disputes`,
    tags: ["Billing"],
    summary: area === "admin" ? "The workspace's disputes, open ones first, newest first" : "The disputes of the accounts the parent pays for, newest first",
    responses: { 200: { description: "The disputes.", content: jsonContent(disputeListSchema) }, ...errorResponses },
  });
  const read = defineOperation(needs(permission), {
    method: "get",
    path: `/${area}/billing/disputes/{disputeId}`,
    tags: ["Billing"],
    summary: "One dispute and its thread",
    request: { params: disputeParams },
    responses: { 200: answer("The dispute, its messages oldest first."), ...notFoundResponse, ...errorResponses },
  });
  const message = defineOperation(needs(area === "admin" ? "admin:billing:write" : "parent:billing:write"), {
    method: "post",
    path: `/${area}/billing/disputes/{disputeId}/messages`,
    tags: ["Billing"],
    summary: "Write in an open dispute's thread (audited)",
    request: { params: disputeParams, ...body(disputeMessageCreateSchema) },
    responses: { 201: answer("Written: the dispute with its thread."), ...notFoundResponse, ...notOpenResponse, ...errorResponses },
  });
  return new OpenAPIHono<AppEnv>()
    .openapi(list, async (c) => c.json(await listDisputes(deps, c.var.member, area), 200))
    .openapi(read, async (c) => c.json(await viewDispute(deps, c.var.member, area, c.req.valid("param").disputeId), 200))
    .openapi(message, async (c) => c.json(await writeDisputeMessage(deps, actorOf(c), area, c.req.valid("param").disputeId, c.req.valid("json")), 201));
}

const openRoute = defineOperation(needs("parent:billing:write"), {
  method: "post",
  path: "/parent/billing/invoices/{invoiceId}/lines/{lineId}/disputes",
  tags: ["Billing"],
  summary: "Dispute one line of an issued invoice of an account the parent pays for (one open dispute per line; audited, the admins are mailed)",
  request: { params: lineParams, ...body(disputeOpenSchema) },
  responses: {
    201: answer("Opened."),
    404: { description: "No such line on an issued invoice the parent pays." },
    409: { description: "The line already has an open dispute, or the invoice is void." },
    ...errorResponses,
  },
});

const withdrawRoute = defineOperation(needs("parent:billing:write"), {
  method: "post",
  path: "/parent/billing/disputes/{disputeId}/withdraw",
  tags: ["Billing"],
  summary: "Withdraw an open dispute (audited)",
  request: { params: disputeParams },
  responses: { 200: answer("Withdrawn."), ...notFoundResponse, ...notOpenResponse, ...errorResponses },
});

const explainRoute = defineOperation(needs("admin:billing:write"), {
  method: "post",
  path: "/admin/billing/disputes/{disputeId}/explain",
  tags: ["Billing"],
  summary: "Answer an open dispute with an explanation: it ends explained, the family hears of it in their billing digest (audited)",
  request: { params: disputeParams, ...body(disputeExplainSchema) },
  responses: { 200: answer("Explained."), ...notFoundResponse, ...notOpenResponse, ...errorResponses },
});

const creditRoute = defineOperation(
  needs("admin:billing:write"),
  {
    method: "post",
    path: "/admin/billing/disputes/{disputeId}/credit",
    tags: ["Billing"],
    summary: "Answer an open dispute with a credit note for up to the line's amount, offsetting its invoice (audited)",
    request: { params: disputeParams, ...body(disputeCreditSchema) },
    responses: { 200: answer("Credited: the dispute names its credit note."), ...notFoundResponse, ...notOpenResponse, ...errorResponses },
  },
  { writesMoney: true },
);

export function disputeRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .route("/", readRoutes(deps, "admin"))
    .route("/", readRoutes(deps, "parent"))
    .openapi(openRoute, async (c) => {
      const { invoiceId, lineId } = c.req.valid("param");
      return c.json(await openDispute(deps, actorOf(c), invoiceId, lineId, c.req.valid("json")), 201);
    })
    .openapi(withdrawRoute, async (c) => c.json(await withdrawDispute(deps, actorOf(c), c.req.valid("param").disputeId), 200))
    .openapi(explainRoute, async (c) => c.json(await explainDispute(deps, actorOf(c), c.req.valid("param").disputeId, c.req.valid("json")), 200))
    .openapi(creditRoute, async (c) => c.json(await creditDispute(deps, actorOf(c), c.req.valid("param").disputeId, c.req.valid("json")), 200));
}
