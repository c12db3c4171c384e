/**
 * Payments and refunds: /admin/billing/payments (record with allocations, list, read) and
 * /admin/billing/payments/{paymentId}/refunds. Recording answers 201 the first time and 200
 * with the same payment when the same request comes again with its idempotency key.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { paymentCreateSchema, paymentListQuerySchema, paymentPageSchema, paymentSchema, refundCreateSchema } from "../../../shared/schemas/billing-payments.ts";
import { actorOf } from "../../core/audit.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { listPayments, recordPayment, recordRefund, viewPayment } from "./payments.ts";

/** Any id is accepted: one that names no payment of the workspace answers 404. */
const paymentParams = z.object({ paymentId: z.string().min(1).max(100) });
const notFoundResponse = { 404: { description: "No such payment in the workspace." } };
const keyConflict = { 409: { description: "The idempotency key was already used for a different request." } };

const listRoute = defineOperation(needs("admin:billing:read"), {
  method: "get",
  path: "/admin/billing/payments",
  tags: ["Billing"],
  summary: "Payments received, newest first (filters: account, method, received from/to)",
  request: { query: paymentListQuerySchema },
  responses: { 200: { description: "One page.", content: jsonContent(paymentPageSchema) }, ...errorResponses },
});

const readRoute = defineOperation(needs("admin:billing:read"), {
  method: "get",
  path: "/admin/billing/payments/{paymentId}",
  tags: ["Billing"],
  summary: "One payment with its allocations and refunds",
  request: { params: paymentParams },
  responses: { 200: { description: "The payment.", content: jsonContent(paymentSchema) }, ...notFoundResponse, ...errorResponses },
});

const createRoute = defineOperation(
  needs("admin:billing:write"),
  {
    method: "post",
    path: "/admin/billing/payments",
    tags: ["Billing"],
    summary: "Record a payment received, allocated to invoices of the account; the rest is the account's credit (audited)",
    request: { body: { required: true, content: jsonContent(paymentCreateSchema) } },
    responses: {
      201: { description: "Recorded: a ledger entry in the family's favour and its allocations.", content: jsonContent(paymentSchema) },
      200: { description: "Already recorded with this key: the same payment.", content: jsonContent(paymentSchema) },
      404: { description: "No such account in the workspace." },
      ...keyConflict,
      ...errorResponses,
    },
  },
  { writesMoney: true },
);

const refundRoute = defineOperation(
  needs("admin:billing:write"),
  {
    method: "post",
    path: "/admin/billing/payments/{paymentId}/refunds",
    tags: ["Billing"],
    summary: "Refund part of a payment's unallocated amount, with the reason (audited)",
    request: { params: paymentParams, body: { required: true, content: jsonContent(refundCreateSchema) } },
    responses: {
      201: { description: "Refunded: the payment with its refunds.", content: jsonContent(paymentSchema) },
      200: { description: "Already refunded with this key: the payment as it stands.", content: jsonContent(paymentSchema) },
      ...notFoundResponse,
      ...keyConflict,
      ...errorResponses,
    },
  },
  { writesMoney: true },
);

export function paymentRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .openapi(listRoute, async (c) => c.json(await listPayments(deps.db, actorOf(c), c.req.valid("query")), 200))
    .openapi(readRoute, async (c) => c.json(await viewPayment(deps.db, actorOf(c), c.req.valid("param").paymentId), 200))
    .openapi(createRoute, async (c) => {
      const { record, created } = await recordPayment(deps.db, actorOf(c), c.req.valid("json"), deps.clock.now());
      return created ? c.json(record, 201) : c.json(record, 200);
    })
    .openapi(refundRoute, async (c) => {
      const { record, created } = await recordRefund(deps.db, actorOf(c), c.req.valid("param").paymentId, c.req.valid("json"), deps.clock.now());
      return created ? c.json(record, 201) : c.json(record, 200);
    });
}
